/**
 * Suites that run the service as a process (test/runtime/service-process.ts) start it with the sandbox
 * enabled, and the service loads `@erp-connector/sandbox` by a dynamic import, which Node resolves to the
 * package's build (packages/sandbox/dist), not its sources. This builds it when it is missing or older
 * than a source file, so such a suite never runs yesterday's simulators.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PACKAGE = resolve(__dirname, '../../packages/sandbox');

function newestSourceMs(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    const ms = entry.isDirectory() ? newestSourceMs(path) : statSync(path).mtimeMs;
    return Math.max(newest, ms);
  }, 0);
}

export function buildSandboxPackageIfStale(): void {
  const built = join(PACKAGE, 'dist', 'index.js');
  if (existsSync(built) && statSync(built).mtimeMs >= newestSourceMs(join(PACKAGE, 'src'))) return;
  const run = spawnSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', join(PACKAGE, 'tsconfig.build.json')],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`building packages/sandbox failed:\n${run.stdout}${run.stderr}`);
}
