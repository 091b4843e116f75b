/**
 * An api and several workers started together on an empty database (a compose file's first `up`): every
 * process sets up pg-boss's schema and queues, and none may fail at boot. Without the set-up lock,
 * PostgreSQL answered "deadlock detected" to all but one of four concurrent first starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateConfig } from '../../src/config/config-loader';
import { migrateDatabase } from '../../src/app-schema';
import { JobName } from '../../src/queue/job-name';
import { QueueService } from '../../src/queue/queue.service';
import { TEST_API_KEY } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

describe('queue set-up by several processes at once', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'queue-first-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([1, 2, 3])('four first starts on an empty database all succeed (round %i)', async () => {
    const db = await createTestDatabase('queue_first_start');
    await migrateDatabase(db.url);
    const config = validateConfig({
      server: { port: 0, roles: ['worker'], dataDir },
      database: { url: db.url },
      security: { apiKeys: [TEST_API_KEY] },
      queue: { batchSize: 20, pollingIntervalSeconds: 0.5 },
    });
    const queues = Array.from({ length: 4 }, () => new QueueService(db.url, config));
    const started = await Promise.allSettled(queues.map((queue) => queue.start()));
    await Promise.all(queues.map((queue) => queue.onModuleDestroy()));

    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    const queue = new QueueService(db.url, config);
    await queue.start();
    expect(await queue.send(JobName.SubmissionProcess, { submissionId: 'x' }, { key: 'x' })).toBeTruthy();
    await queue.onModuleDestroy();
    await db.drop();
  });
});
