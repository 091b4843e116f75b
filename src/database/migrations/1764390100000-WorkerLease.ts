import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per worker process: until when it is alive and which queue jobs it holds (see
 * queue/worker-lease.ts). Jobs active past the lease that no live row holds are a dead process's.
 */
export class WorkerLease1764390100000 implements MigrationInterface {
  name = 'WorkerLease1764390100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE worker_lease (
         worker_id uuid PRIMARY KEY,
         host text NOT NULL,
         pid integer NOT NULL,
         job_ids uuid[] NOT NULL DEFAULT '{}',
         started_at timestamptz NOT NULL DEFAULT now(),
         expires_at timestamptz NOT NULL
       )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE worker_lease`);
  }
}
