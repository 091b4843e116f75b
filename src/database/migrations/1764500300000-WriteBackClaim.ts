import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A write-back is taken before it is made: the in-process write-back after registration and a sweep's
 * job for the same WRITEBACK_PENDING submission no longer both call the ERP. The claim lapses on its own
 * when the writer dies, so the next job takes it.
 */
export class WriteBackClaim1764500300000 implements MigrationInterface {
  name = 'WriteBackClaim1764500300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE submission ADD COLUMN writeback_claimed_until timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE submission DROP COLUMN writeback_claimed_until`);
  }
}
