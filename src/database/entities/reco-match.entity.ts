import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The engine's verdict on a document or pair, and the operator's decision on it (kept across re-runs). */
@Entity('reco_match')
export class RecoMatchEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) gstin!: string;
  @Column({ type: 'text' }) period!: string;
  @Column({ name: 'run_id', type: 'uuid', nullable: true }) runId!: string | null;
  @Column({ type: 'text' }) category!: string;
  @Column({ type: 'text' }) rule!: string;
  @Column({ name: 'purchase_id', type: 'uuid', nullable: true }) purchaseId!: string | null;
  @Column({ name: 'gstr2b_id', type: 'uuid', nullable: true }) gstr2bId!: string | null;
  @Column({ name: 'supplier_gstin', type: 'text' }) supplierGstin!: string;
  @Column({ type: 'jsonb' }) differences!: unknown[];
  @Column({ type: 'jsonb' }) explanation!: string[];
  @Column({ name: 'itc_at_stake', type: 'numeric', precision: 18, scale: 2 }) itcAtStake!: string;
  /** in-other-period / amended: the period where the bill was paired or the document amended. */
  @Column({ name: 'other_period', type: 'text', nullable: true }) otherPeriod!: string | null;
  @Column({ type: 'text', nullable: true }) decision!: 'accepted' | 'linked' | 'unlinked' | 'ignored' | null;
  @Column({ name: 'decided_by', type: 'text', nullable: true }) decidedBy!: string | null;
  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true }) decidedAt!: Date | null;
  @Column({ name: 'decision_reason', type: 'text', nullable: true }) decisionReason!: string | null;
}
