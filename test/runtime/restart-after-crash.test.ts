/**
 * `kill -9` of the service leaves its embedded PostgreSQL running (re-parented to init, still holding
 * the cluster's lock file). The next start on the same data folder must stop that orphan and come up;
 * a second service on a data folder that a live one uses is refused with one clear line.
 */
import { chmodSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  isRunning,
  postmasterPid,
  runServiceToExit,
  startService,
  type ServiceProcess,
} from './service-process';

describe('the service after a crash (kill -9) on the same data folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'runtime-restart-'));
  const stagingRoot = mkdtempSync(join(tmpdir(), 'runtime-restart-staging-'));
  chmodSync(stagingRoot, 0o755);
  const env = { DATA_DIR: join(root, 'data'), EMBEDDED_PG_STAGING_DIR: stagingRoot };
  const running: ServiceProcess[] = [];

  afterAll(async () => {
    for (const service of running) await service.kill('SIGKILL');
    const pid = postmasterPid(clusterOf(env.DATA_DIR));
    if (pid && isRunning(pid)) process.kill(pid, 'SIGINT');
    rmSync(root, { recursive: true, force: true });
    rmSync(stagingRoot, { recursive: true, force: true });
  });

  it('stops the PostgreSQL the killed process left running and starts again', async () => {
    const first = await startService(env);
    running.push(first);
    const clusterDir = clusterOf(env.DATA_DIR);
    const orphan = postmasterPid(clusterDir)!;
    expect(orphan).toBeGreaterThan(0);

    expect(await first.kill('SIGKILL')).toBeNull();
    expect(isRunning(orphan)).toBe(true); // nothing stopped it: the crash this is about

    const second = await startService(env);
    running.push(second);
    expect(second.output()).toContain(`stopped a PostgreSQL left running on ${clusterDir}`);
    expect(second.output()).not.toMatch(/^undefined$/m);
    expect(isRunning(orphan)).toBe(false);
    const health = await fetch(`${second.url}/health`);
    expect(health.status).toBe(200);

    // A live service's cluster is not taken from it.
    const refused = await runServiceToExit(env);
    expect(refused.code).toBe(1);
    const lastLine = refused.output.trim().split('\n').pop();
    expect(lastLine).toMatch(
      /is in use by another running process .*: stop that process or use another DATA_DIR$/,
    );
    expect((await fetch(`${second.url}/health`)).status).toBe(200);

    // An ordinary stop takes its PostgreSQL with it; SIGHUP (the terminal closed) is one too (SIGTERM and
    // SIGINT are the other runtime suites').
    const serving = postmasterPid(clusterDir)!;
    expect(await second.kill('SIGHUP')).toBe(0);
    expect(isRunning(serving)).toBe(false);
    // One shutdown: the queue drained once (two at a time closed its pool under the other's running jobs).
    expect(second.output().match(/stopping the queue/g)).toHaveLength(1);
    expect(second.output()).not.toContain('queue shutdown asked for again');
  }, 240_000);
});

function clusterOf(dataDir: string): string {
  const pg = join(dataDir, 'pg');
  try {
    return readlinkSync(pg);
  } catch {
    return pg;
  }
}
