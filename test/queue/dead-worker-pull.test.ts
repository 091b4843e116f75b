/**
 * The application's own worker killed with SIGKILL mid-pull: its `connector-pull` job stays `active` in
 * pg-boss and, under the `stately` policy, kept every later pull of that connector from running until
 * the job expired (15 minutes). With the worker lease, the next process pulls one lease later. The dead
 * worker is the real application in a child process (test/einvoice-e2e/child-app.ts); the ERP a Tally
 * stand-in whose first answer never comes, so the kill lands mid-pull.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { migrateDatabase } from '../../src/app-schema';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';

const LEASE_SECONDS = 3;
const ENCRYPTION_KEY = 'cd'.repeat(32);

describe('a worker killed mid-pull', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('does not hold the connector’s pulls: the next process pulls within the lease', async () => {
    // The first request hangs (the dead worker's pull); every later one is answered at once.
    const requests: number[] = [];
    const hung: ServerResponse[] = [];
    const tally: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
      request.resume();
      requests.push(Date.now());
      if (requests.length === 1) {
        hung.push(response);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      response.end('<ENVELOPE><COLLECTION></COLLECTION></ENVELOPE>');
    });
    await new Promise<void>((done) => tally.listen(0, '127.0.0.1', done));
    cleanups.push(async () => {
      for (const response of hung) response.destroy();
      await new Promise((done) => tally.close(done));
    });
    const tallyUrl = `http://127.0.0.1:${(tally.address() as AddressInfo).port}`;

    const db = await createMigratedTestDatabase('dead_pull');
    cleanups.push(() => db.drop());
    await migrateDatabase(db.url);
    const dataDir = mkdtempSync(join(tmpdir(), 'dead-pull-'));
    cleanups.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));

    const connectors = [
      {
        name: 'erp',
        kind: 'tally',
        config: { url: tallyUrl, companyName: 'Deccan Fasteners', timeoutMs: 600_000 },
      },
    ];
    const rawConfig = {
      server: { port: 0, roles: ['api', 'worker'], dataDir },
      database: { url: db.url },
      security: { apiKeys: [TEST_API_KEY], encryptionKey: ENCRYPTION_KEY },
      // The sweep's own stale-job rule (staleJobSeconds) is kept out of the way: only the lease is tested.
      queue: { pollingIntervalSeconds: 0.5, workerLeaseSeconds: LEASE_SECONDS, staleJobSeconds: 3600 },
      schedule: { pullEverySeconds: 3600, sweepEverySeconds: 3600 },
      connectors,
    };
    const child = spawn(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', join(__dirname, '..', 'einvoice-e2e', 'child-app.ts')],
      {
        cwd: resolve(__dirname, '..', '..'),
        env: {
          ...process.env,
          LOG_LEVEL: 'error',
          E2E_CHILD_OPTIONS: JSON.stringify({ rawConfig, databaseUrl: db.url, regimeDefaults: {} }),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const childUrl = await eventually(
      () => Promise.resolve(/LISTENING (\S+)/.exec(stdout)?.[1]),
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; child stderr: ${stderr}`);
    });

    const pull = await fetch(`${childUrl}/connectors/erp/pull`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(pull.status).toBe(202);
    await eventually(() => Promise.resolve(requests.length === 1 ? true : undefined), 20_000);
    child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();

    // The next process: a pull is enqueued at its boot (scheduler) and by hand; it must reach Tally.
    const next: TestApp = await startTestApp({
      databaseUrl: db.url,
      dataDir,
      roles: ['api', 'worker', 'scheduler'],
      config: {
        security: rawConfig.security,
        queue: rawConfig.queue,
        schedule: rawConfig.schedule,
      },
      connectors,
    });
    cleanups.push(() => next.close());
    await fetch(`${next.url}/connectors/erp/pull`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    await eventually(
      () => Promise.resolve(requests.length >= 2 ? true : undefined),
      LEASE_SECONDS * 1000 + 12_000,
      100,
    );
    expect(requests[1] - killedAt).toBeLessThan(LEASE_SECONDS * 1000 + 12_000);
  }, 120_000);
});
