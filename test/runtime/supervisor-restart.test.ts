/**
 * The service under the restart policy its container files document (`restart: unless-stopped`,
 * emulated by ./unless-stopped.ts), killed with SIGKILL while the demo's documents flow: the supervisor
 * starts it again on the same data folder and port, the new process stops the embedded PostgreSQL the
 * killed one left running, comes back ready and settles every document, each registered once and written
 * back. An operator's stop (SIGTERM) ends it cleanly and is not followed by a restart.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../../src/database/embedded-postgres';
import { eventually } from '../support/test-app';
import { isRunning, postmasterPid } from './service-process';
import { UnlessStopped } from './unless-stopped';

interface Listed {
  docNumber: string;
  submissions: { state: string; errorClass?: string | null; irn?: string | null }[];
}

const FINAL = new Set(['WRITTEN_BACK', 'REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED']);
/** The demo's 12 CSV invoices and 24 Tally vouchers. */
const DEMO_DOCUMENTS = 36;
const LISTENING = 'connector listening on';

describe('the service under its documented restart policy (unless-stopped)', () => {
  const root = mkdtempSync(join(tmpdir(), 'runtime-supervisor-'));
  chmodSync(root, 0o755);
  const dataDir = join(root, 'data');
  const configFile = join(root, 'fast-recovery.yaml');
  writeFileSync(configFile, 'queue:\n  staleJobSeconds: 30\n  submittingLeaseSeconds: 10\n');
  let supervisor: UnlessStopped | undefined;

  afterAll(async () => {
    await supervisor?.stop(5_000).catch(() => undefined);
    const pid = postmasterPid(join(dataDir, 'pg'));
    if (pid && isRunning(pid)) process.kill(pid, 'SIGINT');
    rmSync(root, { recursive: true, force: true });
  });

  it('restarts it after a kill -9, and it comes back ready and settles every document once', async () => {
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}`;
    supervisor = new UnlessStopped({ DATA_DIR: dataDir, CONFIG_FILE: configFile, PORT: String(port) });
    const running = supervisor;
    const listening = (run = running.current) =>
      Promise.resolve(run.output().includes(LISTENING) || undefined);
    await eventually(() => listening(), 90_000, 100);
    const apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    const list = async (): Promise<Listed[]> => {
      const response = await fetch(`${url}/documents?limit=200`, { headers: { 'X-API-Key': apiKey } });
      if (!response.ok) throw new Error(`GET /documents answered ${response.status}`);
      return ((await response.json()) as { items: Listed[] }).items;
    };
    await eventually(async () => ((await list()).length > 0 ? true : undefined), 60_000, 100);

    const killed = running.current;
    const orphan = postmasterPid(join(dataDir, 'pg'))!;
    killed.child.kill('SIGKILL');
    expect(await killed.exited).toBeNull();

    await eventually(() => Promise.resolve(running.runs.length === 2 || undefined), 10_000, 50);
    await eventually(() => listening(), 90_000, 100);
    const restarted = running.current;
    expect(restarted.child.pid).not.toBe(killed.child.pid);
    expect(restarted.output()).toContain('stopped a PostgreSQL left running');
    expect(isRunning(orphan)).toBe(false);
    expect((await fetch(`${url}/health/ready`)).status).toBe(200);

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
    expect(restarted.child.exitCode).toBeNull();

    // `docker stop`: a clean exit, its PostgreSQL with it, and no restart.
    const serving = postmasterPid(join(dataDir, 'pg'))!;
    expect(await running.stop()).toBe(0);
    expect(running.runs).toHaveLength(2);
    expect(isRunning(serving)).toBe(false);
    await expect(fetch(`${url}/health/live`)).rejects.toThrow();
  }, 400_000);
});
