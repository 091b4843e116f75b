import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An invoice signed for a submission, in its chain slot; what is sent, and resent on retry. Generation 0
 * is the submission's invoice, n > 0 its n-th re-issue after ZATCA rejected the one before.
 */
@Entity('zatca_signed_invoice')
@Index(['egsUnitId', 'icv'], { unique: true })
export class ZatcaSignedInvoiceEntity {
  @PrimaryColumn({ name: 'submission_id', type: 'uuid' })
  submissionId!: string;

  @PrimaryColumn({ type: 'int', default: 0 })
  generation!: number;

  @Column({ name: 'egs_unit_id', type: 'text' })
  egsUnitId!: string;

  @Column({ type: 'int' })
  icv!: number;

  @Column({ type: 'text' })
  pih!: string;

  @Index({ unique: true })
  @Column({ type: 'text' })
  uuid!: string;

  @Column({ name: 'invoice_hash', type: 'text' })
  invoiceHash!: string;

  @Column({ name: 'signed_xml', type: 'text' })
  signedXml!: string;

  @Column({ type: 'text', nullable: true })
  qr!: string | null;

  /** ZATCA refused this invoice (NOT_CLEARED / NOT_REPORTED); its codes and message. */
  @Column({ name: 'rejected_at', type: 'timestamptz', nullable: true })
  rejectedAt!: Date | null;

  @Column({ type: 'jsonb', nullable: true })
  rejection!: { code: string; message: string } | null;

  /** A re-issue replaced this rejected invoice; it stays stored, its slot stays in the chain. */
  @Column({ name: 'superseded_at', type: 'timestamptz', nullable: true })
  supersededAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
