import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** The invoice signed for a submission, in its chain slot; what is sent, and resent on retry. */
@Entity('zatca_signed_invoice')
@Index(['egsUnitId', 'icv'], { unique: true })
export class ZatcaSignedInvoiceEntity {
  @PrimaryColumn({ name: 'submission_id', type: 'uuid' })
  submissionId!: string;

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
