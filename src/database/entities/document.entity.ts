import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CanonicalInvoice, FieldError } from '../../domain';

@Entity('document')
@Index(['connectorInstanceId', 'erpId'], { unique: true })
export class DocumentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'connector_instance_id', type: 'uuid' })
  connectorInstanceId!: string;

  @Column({ name: 'erp_id', type: 'text' })
  erpId!: string;

  @Column({ type: 'text' })
  direction!: 'sales' | 'purchase';

  @Column({ name: 'doc_type', type: 'text', nullable: true })
  docType!: string | null;

  @Column({ name: 'doc_number', type: 'text', nullable: true })
  docNumber!: string | null;

  @Column({ name: 'doc_date', type: 'date', nullable: true })
  docDate!: string | null;

  @Column({ name: 'seller_tax_id', type: 'text', nullable: true })
  sellerTaxId!: string | null;

  @Column({ name: 'buyer_tax_id', type: 'text', nullable: true })
  buyerTaxId!: string | null;

  /** json, not jsonb: written once, read whole, never queried inside (see the DocumentJsonText migration). */
  @Column({ type: 'json', nullable: true })
  canonical!: CanonicalInvoice | null;

  /** Field errors from normalisation (the ERP data itself was unusable). */
  @Column({ name: 'normalisation_errors', type: 'jsonb', nullable: true })
  normalisationErrors!: FieldError[] | null;

  /** The ERP's record as received, as json text (key order kept). */
  @Column({ type: 'json', nullable: true })
  raw!: unknown;

  @Column({ name: 'source_ref', type: 'text', nullable: true })
  sourceRef!: string | null;

  @Column({ name: 'content_hash', type: 'text' })
  contentHash!: string;

  /** The ERP changed the document after it was registered: flagged, never silently re-sent. */
  @Column({ name: 'altered_after_registration', type: 'boolean', default: false })
  alteredAfterRegistration!: boolean;

  @Column({ name: 'erp_deleted', type: 'boolean', default: false })
  erpDeleted!: boolean;

  /** Operator overrides applied on top of the ERP's canonical payload (audited). */
  @Column({ type: 'jsonb', nullable: true })
  overrides!: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
