import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('connector_instance')
export class ConnectorInstanceEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text', unique: true })
  name!: string;

  @Column({ type: 'text' })
  kind!: string;

  /** As declared in configuration, secrets redacted (the live secrets stay in memory only). */
  @Column({ type: 'jsonb', default: {} })
  config!: Record<string, unknown>;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ type: 'jsonb', nullable: true })
  cursor!: Record<string, unknown> | null;

  @Column({ name: 'last_pull_at', type: 'timestamptz', nullable: true })
  lastPullAt!: Date | null;

  @Column({ name: 'last_pull_stats', type: 'jsonb', nullable: true })
  lastPullStats!: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
