import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { type ComplianceIdentifiers, type FieldError, SubmissionState } from '../../domain';

/** One per (document, regime). Identifiers have their own columns so they can be searched and unique-checked. */
@Entity('submission')
@Index(['documentId', 'regime'], { unique: true })
export class SubmissionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'document_id', type: 'uuid' })
  documentId!: string;

  @Column({ type: 'text' })
  regime!: string;

  @Column({ type: 'text' })
  state!: SubmissionState;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  /** Set when a send may have reached the authority without our knowing the answer. */
  @Column({ name: 'outcome_unknown', type: 'boolean', default: false })
  outcomeUnknown!: boolean;

  @Column({ name: 'submitting_since', type: 'timestamptz', nullable: true })
  submittingSince!: Date | null;

  @Column({ name: 'request_payload', type: 'jsonb', nullable: true })
  requestPayload!: unknown;

  @Column({ type: 'jsonb', nullable: true })
  response!: unknown;

  @Column({ type: 'jsonb', default: {} })
  identifiers!: ComplianceIdentifiers;

  /** The IRN the IRP issued (or confirmed); null until registered. */
  @Column({ type: 'text', nullable: true })
  irn!: string | null;

  /** The IRN computed locally at mapping (NIC's formula): what the IRP is expected to issue. */
  @Column({ name: 'expected_irn', type: 'text', nullable: true })
  expectedIrn!: string | null;

  @Column({ name: 'ack_no', type: 'text', nullable: true })
  ackNo!: string | null;

  @Column({ name: 'ack_date', type: 'text', nullable: true })
  ackDate!: string | null;

  @Column({ name: 'signed_qr', type: 'text', nullable: true })
  signedQr!: string | null;

  @Column({ name: 'ewb_no', type: 'text', nullable: true })
  ewbNo!: string | null;

  @Column({ name: 'valid_upto', type: 'text', nullable: true })
  validUpto!: string | null;

  @Column({ name: 'zatca_uuid', type: 'text', nullable: true })
  zatcaUuid!: string | null;

  @Column({ name: 'zatca_hash', type: 'text', nullable: true })
  zatcaHash!: string | null;

  @Column({ name: 'zatca_icv', type: 'int', nullable: true })
  zatcaIcv!: number | null;

  @Column({ name: 'zatca_status', type: 'text', nullable: true })
  zatcaStatus!: string | null;

  @Column({ name: 'error_class', type: 'text', nullable: true })
  errorClass!: string | null;

  @Column({ name: 'error_code', type: 'text', nullable: true })
  errorCode!: string | null;

  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage!: string | null;

  @Column({ name: 'field_errors', type: 'jsonb', nullable: true })
  fieldErrors!: FieldError[] | null;

  @Column({ type: 'jsonb', nullable: true })
  warnings!: { code?: string; message: string }[] | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
