/**
 * Jobs of a worker process killed with SIGKILL are recovered within the configured worker lease, not
 * after pg-boss's 15-minute expiry; and a live process holding a job for longer than the lease keeps it.
 * Real PostgreSQL, real pg-boss, the dead worker a real child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { validateConfig } from '../../src/config/config-loader';
import { migrateDatabase } from '../../src/app-schema';
import { JobName } from '../../src/queue/job-name';
import { QueueService } from '../../src/queue/queue.service';
import { eventually, TEST_API_KEY } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';

const LEASE_SECONDS = 3;
const SUBMISSIONS = ['batch-a', 'batch-b', 'batch-c'];

function startHolder(databaseUrl: string, rawConfig: Record<string, unknown>) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', join(__dirname, 'lease-child.ts')],
    {
      cwd: resolve(__dirname, '..', '..'),
      env: {
        ...process.env,
        LOG_LEVEL: 'error',
        LEASE_CHILD_OPTIONS: JSON.stringify({ databaseUrl, rawConfig }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const held = new Set<string>();
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => {
    for (const match of chunk.toString().matchAll(/HOLDING (\S+)/g)) {
      for (const id of match[1].split(',')) held.add(id);
    }
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    held,
    stderr: () => stderr,
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('queue: worker lease', () => {
  let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
  let dataDir: string;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    db = await createMigratedTestDatabase('worker_lease');
    await migrateDatabase(db.url);
    dataDir = mkdtempSync(join(tmpdir(), 'worker-lease-'));
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a SIGKILLed worker’s active jobs run elsewhere one lease later; a live holder keeps its jobs', async () => {
    const rawConfig = {
      server: { port: 0, roles: ['worker'], dataDir },
      database: { url: db.url },
      security: { apiKeys: [TEST_API_KEY] },
      queue: { pollingIntervalSeconds: 0.5, workerLeaseSeconds: LEASE_SECONDS },
    };
    const queue = new QueueService(db.url, validateConfig(rawConfig));
    cleanups.push(() => queue.onModuleDestroy());
    await queue.sendMany(
      JobName.SubmissionProcessBatch,
      SUBMISSIONS.map((id) => ({ data: { submissionIds: [id] }, key: id })),
    );

    const holder = startHolder(db.url, rawConfig);
    cleanups.push(() => holder.kill());
    await eventually(
      () => Promise.resolve(holder.held.size === SUBMISSIONS.length ? true : undefined),
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; child stderr: ${holder.stderr()}`);
    });

    // This process works the same queue from now on.
    const ranHere: string[] = [];
    await queue.workBatch(
      JobName.SubmissionProcessBatch,
      (jobs) => {
        ranHere.push(...jobs.flatMap((job) => job.data.submissionIds));
        return Promise.resolve();
      },
      { fetchers: 1, batchSize: 10 },
    );

    // Alive: it renews its lease with the jobs it holds; two leases later they are still its own.
    await new Promise((r) => setTimeout(r, 2 * LEASE_SECONDS * 1000 + 500));
    expect(ranHere).toEqual([]);
    const client = new Client({ connectionString: db.url });
    await client.connect();
    cleanups.push(() => client.end());
    const active = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pgboss.job j JOIN worker_lease w ON j.id = ANY (w.job_ids)
        WHERE j.state = 'active' AND w.expires_at > now()`,
    );
    expect(Number(active.rows[0].n)).toBe(SUBMISSIONS.length);

    // Killed: no shutdown, its jobs stay `active` in pg-boss. Recovered within the lease plus a
    // renewal, pg-boss's retry delay and a poll, far inside its 15-minute expiry.
    await holder.kill();
    const killedAt = Date.now();
    await eventually(
      () => Promise.resolve(ranHere.length >= SUBMISSIONS.length ? true : undefined),
      LEASE_SECONDS * 1000 + 12_000,
      100,
    );
    expect([...ranHere].sort()).toEqual([...SUBMISSIONS].sort());
    expect(Date.now() - killedAt).toBeLessThan(LEASE_SECONDS * 1000 + 12_000);
  }, 120_000);
});
