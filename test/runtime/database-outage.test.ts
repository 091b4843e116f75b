/**
 * PostgreSQL going away mid-run. The service rides it out: the pools reconnect when it answers again and
 * the work in flight resumes to the end, each document registered once; the process neither dies nor
 * prints a stack trace (before, an unawaited pg-pool rejection ended it). Its own embedded PostgreSQL,
 * killed, is started again on the same port; an external one that is stopped and restarted is waited for.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from '../../src/database/embedded-postgres';
import { eventually } from '../support/test-app';
import { isRunning, postmasterPid, startService, type ServiceProcess } from './service-process';

interface Listed {
  docNumber: string;
  submissions: { state: string; errorClass?: string | null; irn?: string | null }[];
}

const FINAL = new Set(['WRITTEN_BACK', 'REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED']);
/** The demo's 12 CSV invoices and 24 Tally vouchers. */
const DEMO_DOCUMENTS = 36;

describe('PostgreSQL going away while the service works', () => {
  const root = mkdtempSync(join(tmpdir(), 'runtime-outage-'));
  chmodSync(root, 0o755);
  const configFile = join(root, 'fast-recovery.yaml');
  writeFileSync(configFile, 'queue:\n  staleJobSeconds: 30\n  submittingLeaseSeconds: 10\n');
  const services: ServiceProcess[] = [];
  const clusters: string[] = [];
  let external: EmbeddedPostgresServer | undefined;

  afterAll(async () => {
    for (const service of services) await service.kill('SIGKILL');
    await external?.stop();
    for (const cluster of clusters) {
      const pid = postmasterPid(cluster);
      if (pid && isRunning(pid)) process.kill(pid, 'SIGINT');
    }
    rmSync(root, { recursive: true, force: true });
  });

  async function start(dataDir: string, env: Record<string, string> = {}) {
    const service = await startService({ DATA_DIR: dataDir, CONFIG_FILE: configFile, ...env });
    services.push(service);
    const apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    const list = async (): Promise<Listed[]> => {
      const response = await fetch(`${service.url}/documents?limit=200`, {
        headers: { 'X-API-Key': apiKey },
      });
      if (!response.ok) throw new Error(`GET /documents answered ${response.status}`);
      return ((await response.json()) as { items: Listed[] }).items;
    };
    // Documents are being pulled and registered.
    await eventually(async () => ((await list()).length > 0 ? true : undefined), 60_000, 100);
    return { service, list };
  }

  /** Every document registered once and written back, but for the demo company's voucher with a data error. */
  async function expectAllFinished(service: ServiceProcess, list: () => Promise<Listed[]>): Promise<void> {
    const settled = await eventually(
      async () => {
        const docs = await list().catch(() => []);
        return docs.length >= DEMO_DOCUMENTS &&
          docs.every((d) => d.submissions.every((s) => FINAL.has(s.state)))
          ? docs
          : undefined;
      },
      120_000,
      500,
    );
    const submissions = settled.flatMap((d) => d.submissions);
    for (const submission of submissions.filter((s) => s.state !== 'WRITTEN_BACK')) {
      expect(submission).toMatchObject({ state: 'MAPPING_FAILED', errorClass: 'validation' });
    }
    expect(submissions.filter((s) => s.state === 'WRITTEN_BACK').length).toBeGreaterThanOrEqual(
      DEMO_DOCUMENTS - 1,
    );
    const irns = submissions.filter((s) => s.irn).map((s) => s.irn);
    expect(new Set(irns).size).toBe(irns.length);

    expect(service.child.exitCode).toBeNull();
    expect((await fetch(`${service.url}/health`)).status).toBe(200);
    expect(service.output()).not.toMatch(/^\s+at .*pg-pool/m);
  }

  it('starts its embedded PostgreSQL again when it is killed, and finishes every document', async () => {
    const dataDir = join(root, 'embedded');
    clusters.push(join(dataDir, 'pg'));
    const { service, list } = await start(dataDir);
    const killed = postmasterPid(join(dataDir, 'pg'))!;
    process.kill(killed, 'SIGKILL');

    await eventually(
      () => Promise.resolve(service.output().includes('embedded PostgreSQL is running again') || undefined),
      90_000,
    );
    expect(service.output()).toContain('embedded PostgreSQL ended unexpectedly (signal SIGKILL)');
    expect(postmasterPid(join(dataDir, 'pg'))).not.toBe(killed);
    await expectAllFinished(service, list);
  }, 300_000);

  it('rides out PostgreSQL paused (SIGSTOP), health answering from memory, and finishes every document', async () => {
    const paused = await startEmbeddedPostgres({ dataDir: join(root, 'paused-pg') });
    clusters.push(paused.clusterDir);
    const databaseUrl = await paused.ensureDatabase('connector');
    const { service, list } = await start(join(root, 'paused'), { DATABASE_URL: databaseUrl });
    const processes = postgresProcesses(postmasterPid(paused.clusterDir)!);
    for (const pid of processes) process.kill(pid, 'SIGSTOP');
    try {
      // The database hangs (no error, no answer): liveness and readiness still answer at once, and
      // readiness says so once its background check has waited past its bound.
      let readyStatus = 0;
      for (const deadline = Date.now() + 25_000; Date.now() < deadline && readyStatus !== 503;) {
        for (const path of ['/health/live', '/health/ready']) {
          const started = Date.now();
          const response = await fetch(`${service.url}${path}`);
          expect(Date.now() - started).toBeLessThan(1_000);
          if (path === '/health/live') expect(response.status).toBe(200);
          else readyStatus = response.status;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(readyStatus).toBe(503);
    } finally {
      for (const pid of processes) process.kill(pid, 'SIGCONT');
    }
    await expectAllFinished(service, list);
    await paused.stop();
  }, 300_000);

  it('waits for an external PostgreSQL that is stopped and restarted, and finishes every document', async () => {
    external = await startEmbeddedPostgres({ dataDir: join(root, 'external-pg') });
    clusters.push(external.clusterDir);
    const databaseUrl = await external.ensureDatabase('connector');
    const { service, list } = await start(join(root, 'external'), { DATABASE_URL: databaseUrl });

    await external.stop();
    await eventually(
      () => Promise.resolve(service.output().includes('database unavailable (') || undefined),
      30_000,
    );
    expect(service.output()).toContain('riding it out; work resumes when it answers again');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await external.restart();
    await expectAllFinished(service, list);
  }, 300_000);
});

/** The postmaster and every process it started (backends, checkpointer, ...), from /proc. */
function postgresProcesses(postmaster: number): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}
