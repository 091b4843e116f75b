import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Provider tokens shared by every process; refreshed ahead of expiry by one process at a time. */
@Entity('gsp_session')
export class GspSessionEntity {
  /** provider + credential key, e.g. "einvoice:A:29AAGCB1286Q000". */
  @PrimaryColumn({ type: 'text' })
  key!: string;

  /** Encrypted token material (never returned by the API). */
  @Column({ type: 'text', nullable: true })
  token!: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'refreshed_at', type: 'timestamptz', nullable: true })
  refreshedAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
