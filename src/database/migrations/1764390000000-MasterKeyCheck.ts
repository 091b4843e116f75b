import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row: the check value of the master key the database's secrets are sealed with (see
 * security/key-check-value.ts). The first process to start records its key's; every later one compares.
 */
export class MasterKeyCheck1764390000000 implements MigrationInterface {
  name = 'MasterKeyCheck1764390000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE master_key_check (
         id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
         check_value text NOT NULL,
         recorded_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE master_key_check`);
  }
}
