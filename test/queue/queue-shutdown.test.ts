/**
 * Closing the queue leaves nothing behind that keeps the process alive: a long-running connector is
 * stopped by its supervisor and must exit by itself. Real PostgreSQL and pg-boss; what is counted is
 * what Node itself reports as holding the event loop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { AppConfig } from '../../src/config/app-config';
import { validateConfig } from '../../src/config/config-loader';
import { migrateDatabase } from '../../src/app-schema';
import { JobName } from '../../src/queue/job-name';
import { QueueService } from '../../src/queue/queue.service';
import { TEST_API_KEY } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';

/** What holds the event loop now (timers, sockets, child processes), as a comparable list. */
function resourcesHoldingTheProcess(): string[] {
  return process.getActiveResourcesInfo().sort();
}

/** Waits for the process to hold what it held before (pg-boss's workers finish on a 1 s loop). */
async function expectBackTo(baseline: string[]): Promise<void> {
  const deadline = Date.now() + 4_000;
  while (resourcesHoldingTheProcess().join() !== baseline.join() && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(resourcesHoldingTheProcess()).toEqual(baseline);
}

describe('queue shutdown', () => {
  let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
  let dataDir: string;
  let config: AppConfig;

  beforeAll(async () => {
    db = await createMigratedTestDatabase('queue_shutdown');
    await migrateDatabase(db.url);
    dataDir = mkdtempSync(join(tmpdir(), 'queue-shutdown-'));
    config = validateConfig({
      server: { port: 0, roles: ['worker'], dataDir },
      database: { url: db.url },
      security: { apiKeys: [TEST_API_KEY] },
      queue: { batchSize: 20, pollingIntervalSeconds: 0.5 },
    });
    // pg-boss creates its schema and queues on the first start.
    const queue = new QueueService(db.url, config);
    await queue.start();
    await queue.onModuleDestroy();
  });

  afterAll(async () => {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no timer behind when nothing was running', async () => {
    const baseline = resourcesHoldingTheProcess();
    const queue = new QueueService(db.url, config);
    await queue.start();
    await queue.work(JobName.PipelineSweep, () => Promise.resolve(), { fetchers: 1 });

    await queue.onModuleDestroy();

    await expectBackTo(baseline);
  });

  it('leaves nothing behind when closed while fetchers wait for one of its connections', async () => {
    const locker = new Client({ connectionString: db.url });
    await locker.connect();
    try {
      const baseline = resourcesHoldingTheProcess();
      const queue = new QueueService(db.url, config);
      await queue.start();
      // Every fetch blocks on the lock: four hold the queue's connections, the rest wait for one.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
      await queue.work(JobName.ConnectorPull, () => Promise.resolve(), { fetchers: 12 });
      await queue.work(JobName.PipelineSweep, () => Promise.resolve(), { fetchers: 12 });

      const closed = queue.onModuleDestroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await locker.query('COMMIT');
      await closed;

      await expectBackTo(baseline);
    } finally {
      await locker.end();
    }
  });
});
