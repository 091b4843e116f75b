/**
 * A job enqueued by the process that also works its queue is picked up at once, not at the workers' next
 * poll, and a worker that found jobs fetches again at once while a backlog lasts: real PostgreSQL and pg-boss, with a polling interval long enough to tell the two apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../src/config/app-config';
import { validateConfig } from '../../src/config/config-loader';
import { migrateDatabase } from '../../src/app-schema';
import { JobName } from '../../src/queue/job-name';
import { QueueService } from '../../src/queue/queue.service';
import { TEST_API_KEY } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';

const POLLING_SECONDS = 5;

describe('queue: local workers are woken for new jobs', () => {
  let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
  let dataDir: string;
  let config: AppConfig;
  let queue: QueueService;

  beforeAll(async () => {
    db = await createMigratedTestDatabase('queue_wake');
    await migrateDatabase(db.url);
    dataDir = mkdtempSync(join(tmpdir(), 'queue-wake-'));
    config = validateConfig({
      server: { port: 0, roles: ['worker'], dataDir },
      database: { url: db.url },
      security: { apiKeys: [TEST_API_KEY] },
      queue: { batchSize: 4, concurrency: 2, pollingIntervalSeconds: POLLING_SECONDS },
    });
    queue = new QueueService(db.url, config);
  });

  afterAll(async () => {
    await queue?.onModuleDestroy();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Resolves with the delay from `enqueue` until the handler saw `count` jobs. */
  function pickedUpWithin(
    register: (onJob: () => void) => Promise<void>,
    count: number,
  ): { ready: Promise<void>; measure: (enqueue: () => Promise<unknown>) => Promise<number> } {
    let seen = 0;
    let done: () => void = () => undefined;
    const all = new Promise<void>((resolve) => (done = resolve));
    const ready = register(() => {
      seen += 1;
      if (seen === count) done();
    });
    return {
      ready,
      measure: async (enqueue) => {
        // The workers' first poll happens as they start; let it pass so the next one is POLLING_SECONDS away.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const started = Date.now();
        await enqueue();
        await all;
        return Date.now() - started;
      },
    };
  }

  it('picks up a sent job well before the next poll', async () => {
    const probe = pickedUpWithin(
      (onJob) =>
        queue.work(JobName.SubmissionWriteBack, () => {
          onJob();
          return Promise.resolve();
        }),
      1,
    );
    await probe.ready;
    const ms = await probe.measure(() =>
      queue.send(JobName.SubmissionWriteBack, { submissionId: 'a' }, { key: 'wake-a' }),
    );
    expect(ms).toBeLessThan(POLLING_SECONDS * 500);
  }, 20_000);

  it('picks up a batch of inserted jobs, one per woken worker, well before the next poll', async () => {
    const probe = pickedUpWithin(
      (onJob) =>
        queue.workBatch(
          JobName.SubmissionProcessBatch,
          (jobs) => {
            jobs.forEach(() => onJob());
            return Promise.resolve();
          },
          { fetchers: 2, batchSize: 1 },
        ),
      2,
    );
    await probe.ready;
    const ms = await probe.measure(() =>
      queue.sendMany(JobName.SubmissionProcessBatch, [
        { data: { submissionIds: ['b'] }, key: 'wake-b' },
        { data: { submissionIds: ['c'] }, key: 'wake-c' },
      ]),
    );
    expect(ms).toBeLessThan(POLLING_SECONDS * 500);
  }, 20_000);

  it('drains a backlog larger than one fetch per worker without waiting a poll between fetches', async () => {
    const backlog = 10;
    const probe = pickedUpWithin(
      (onJob) =>
        queue.workBatch(
          JobName.SubmissionProcess,
          (jobs) => {
            jobs.forEach(() => onJob());
            return Promise.resolve();
          },
          { fetchers: 2, batchSize: 1 },
        ),
      backlog,
    );
    await probe.ready;
    // Two workers are woken for ten jobs; each then fetches again as soon as it has handled one, rather
    // than once per POLLING_SECONDS (which would take four polls, 20 s).
    const ms = await probe.measure(() =>
      queue.sendMany(
        JobName.SubmissionProcess,
        Array.from({ length: backlog }, (_, i) => ({ data: { submissionId: `d${i}` }, key: `drain-${i}` })),
      ),
    );
    expect(ms).toBeLessThan(POLLING_SECONDS * 500);
  }, 30_000);
});
