/**
 * The sweep re-enqueues every actionable submission as a job of its own, and a busy run's waiting
 * submissions are mostly held by pull and webhook batch jobs. Those are left to their batch: a second
 * job would be a second worker moving the same rows (wasted claims, and crossing batches). A batch job
 * whose worker died (running longer than the worker lease, no live lease holding it) does not count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../src/config/app-config';
import { validateConfig } from '../../src/config/config-loader';
import { dataSourceOptions } from '../../src/database/data-source';
import { migrateDatabase } from '../../src/app-schema';
import { AuditRepository } from '../../src/database/repositories/audit.repository';
import { SubmissionRepository } from '../../src/database/repositories/submission.repository';
import { JobName } from '../../src/queue/job-name';
import { QueueService } from '../../src/queue/queue.service';
import { SweepService } from '../../src/sync/sweep.service';
import { TEST_API_KEY } from '../support/test-app';
import { insertReceivedSubmissions } from '../support/received-submissions';
import { createMigratedTestDatabase } from '../support/test-database';

describe('sweep: submissions a batch job holds are left to it', () => {
  let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
  let dataDir: string;
  let config: AppConfig;
  let dataSource: DataSource;
  let queue: QueueService;
  let sweep: SweepService;

  beforeAll(async () => {
    db = await createMigratedTestDatabase('sweep_batches');
    await migrateDatabase(db.url);
    dataDir = mkdtempSync(join(tmpdir(), 'sweep-batches-'));
    // The api role: no worker of this process takes the jobs away while the test reads them.
    config = validateConfig({
      server: { port: 0, roles: ['api'], dataDir },
      database: { url: db.url },
      security: { apiKeys: [TEST_API_KEY] },
      queue: { workerLeaseSeconds: 30 },
    });
    dataSource = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    queue = new QueueService(db.url, config);
    sweep = new SweepService(
      config,
      new SubmissionRepository(dataSource),
      new AuditRepository(dataSource),
      queue,
    );
  });

  afterAll(async () => {
    await queue?.onModuleDestroy();
    await dataSource?.destroy();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The submissions the sweep gave a job of their own. */
  async function ownJobs(): Promise<Set<string>> {
    const rows = await dataSource.query<{ id: string }[]>(
      `SELECT data->>'submissionId' AS id FROM pgboss.job WHERE name = $1 AND state = 'created'`,
      [JobName.SubmissionProcess],
    );
    return new Set(rows.map((row) => row.id));
  }

  it('enqueues only what no live batch job holds', async () => {
    const ids = await insertReceivedSubmissions(dataSource, 9);
    const [waiting, running, orphaned, loose] = [
      ids.slice(0, 3),
      ids.slice(3, 5),
      ids.slice(5, 7),
      ids.slice(7),
    ];
    await queue.sendMany(JobName.SubmissionProcessBatch, [
      { data: { submissionIds: waiting }, key: waiting[0] },
      { data: { submissionIds: running }, key: running[0] },
      { data: { submissionIds: orphaned }, key: orphaned[0] },
    ]);
    // One batch is running on a live worker (fetched a moment ago); one has run for longer than the
    // lease with no live lease holding it (its worker died).
    await dataSource.query(
      `UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = $1 AND singleton_key = $2`,
      [JobName.SubmissionProcessBatch, running[0]],
    );
    await dataSource.query(
      `UPDATE pgboss.job SET state = 'active', started_on = now() - interval '5 minutes'
        WHERE name = $1 AND singleton_key = $2`,
      [JobName.SubmissionProcessBatch, orphaned[0]],
    );

    const { offered } = await sweep.sweep();

    expect(offered).toBe(9);
    expect([...(await ownJobs())].sort()).toEqual([...orphaned, ...loose].sort());
  });
});
