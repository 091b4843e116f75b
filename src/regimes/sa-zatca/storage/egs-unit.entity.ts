import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { ComplianceCheckRecord, EgsOnboardingState, StoredCsid } from '../../../ports';

/** An onboarded ZATCA EGS unit. The private key and CSID secrets are sealed (SecretBox, context = id). */
@Entity('egs_unit')
export class EgsUnitEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'vat_number', type: 'text' })
  vatNumber!: string;

  @Column({ type: 'text' })
  environment!: string;

  @Column({ name: 'invoice_type', type: 'text' })
  invoiceType!: string;

  @Column({ type: 'text' })
  state!: EgsOnboardingState;

  @Column({ name: 'private_key_sealed', type: 'text' })
  privateKeySealed!: string;

  @Column({ name: 'csr_base64', type: 'text' })
  csrBase64!: string;

  @Column({ name: 'compliance_csid', type: 'jsonb', nullable: true })
  complianceCsid!: StoredCsid | null;

  @Column({ name: 'production_csid', type: 'jsonb', nullable: true })
  productionCsid!: StoredCsid | null;

  /** Copied out of production_csid so that renewals due can be queried. */
  @Column({ name: 'production_expires_at', type: 'timestamptz', nullable: true })
  productionExpiresAt!: Date | null;

  @Column({ name: 'compliance_checks', type: 'jsonb', default: [] })
  complianceChecks!: ComplianceCheckRecord[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
