/**
 * PostgreSQL killed mid-run. The service rides it out: its embedded PostgreSQL is started again on the
 * same port, the pools reconnect, and the work in flight resumes to the end, each document registered
 * once; the process neither dies nor prints a stack trace. (Before, an unawaited pg-pool rejection
 * ended the process.)
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/test-app';
import { isRunning, postmasterPid, startService, type ServiceProcess } from './service-process';

interface Listed {
  docNumber: string;
  submissions: { state: string; errorClass?: string | null; irn?: string | null }[];
}

const FINAL = new Set(['WRITTEN_BACK', 'REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED']);

describe('PostgreSQL killed while the service works', () => {
  const root = mkdtempSync(join(tmpdir(), 'runtime-outage-'));
  chmodSync(root, 0o755);
  const dataDir = join(root, 'data');
  const configFile = join(root, 'fast-recovery.yaml');
  writeFileSync(configFile, 'queue:\n  staleJobSeconds: 30\n  submittingLeaseSeconds: 10\n');
  let service: ServiceProcess | undefined;

  afterAll(async () => {
    await service?.kill('SIGKILL');
    const pid = postmasterPid(join(dataDir, 'pg'));
    if (pid && isRunning(pid)) process.kill(pid, 'SIGINT');
    rmSync(root, { recursive: true, force: true });
  });

  it('starts its embedded PostgreSQL again and finishes every document, without dying', async () => {
    service = await startService({ DATA_DIR: dataDir, CONFIG_FILE: configFile });
    const apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
    const list = async (): Promise<Listed[]> => {
      const response = await fetch(`${service!.url}/documents?limit=200`, {
        headers: { 'X-API-Key': apiKey },
      });
      if (!response.ok) throw new Error(`GET /documents answered ${response.status}`);
      return ((await response.json()) as { items: Listed[] }).items;
    };
    // The demo's CSV and Tally documents are being pulled and registered: kill PostgreSQL now.
    await eventually(async () => ((await list()).length > 0 ? true : undefined), 60_000, 100);
    const killed = postmasterPid(join(dataDir, 'pg'))!;
    process.kill(killed, 'SIGKILL');

    await eventually(
      () => Promise.resolve(service!.output().includes('embedded PostgreSQL is running again') || undefined),
      90_000,
    );
    expect(service.output()).toContain('embedded PostgreSQL ended unexpectedly (signal SIGKILL)');
    expect(postmasterPid(join(dataDir, 'pg'))).not.toBe(killed);

    const settled = await eventually(
      async () => {
        const docs = await list().catch(() => []);
        return docs.length >= 36 && docs.every((d) => d.submissions.every((s) => FINAL.has(s.state)))
          ? docs
          : undefined;
      },
      120_000,
      500,
    );
    // Every document registered and written back, but for the demo company's voucher with a data error.
    const submissions = settled.flatMap((d) => d.submissions);
    for (const submission of submissions.filter((s) => s.state !== 'WRITTEN_BACK')) {
      expect(submission).toMatchObject({ state: 'MAPPING_FAILED', errorClass: 'validation' });
    }
    expect(submissions.filter((s) => s.state === 'WRITTEN_BACK').length).toBeGreaterThanOrEqual(35);
    const irns = submissions.filter((s) => s.irn).map((s) => s.irn);
    expect(new Set(irns).size).toBe(irns.length);

    expect(service.child.exitCode).toBeNull();
    expect((await fetch(`${service.url}/health`)).status).toBe(200);
    expect(service.output()).not.toMatch(/^\s+at .*pg-pool/m);
  }, 300_000);
});
