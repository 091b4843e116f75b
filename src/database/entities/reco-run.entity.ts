import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One reconciliation of a GSTIN and period: scheduled, by an operator, or after an import. */
@Entity('reco_run')
export class RecoRunEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) gstin!: string;
  @Column({ type: 'text' }) period!: string;
  @Column({ type: 'text' }) trigger!: string;
  @Column({ type: 'text' }) state!: 'running' | 'completed' | 'failed';
  @Column({ name: 'started_at', type: 'timestamptz', default: () => 'now()' }) startedAt!: Date;
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true }) finishedAt!: Date | null;
  @Column({ type: 'text', nullable: true }) error!: string | null;
  @Column({ name: 'error_class', type: 'text', nullable: true }) errorClass!: string | null;
  @Column({ type: 'jsonb', nullable: true }) summary!: Record<string, unknown> | null;
}
