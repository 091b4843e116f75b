/**
 * The service as `npm start` runs it (src/main.ts: embedded PostgreSQL under the data folder, the
 * in-process sandbox), as a separate process a test can kill, restart and read the output of.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findFreePort } from '../../src/database/embedded-postgres';
import { DEFAULT_SANDBOX_PORTS } from '@erp-connector/sandbox';

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

const ROOT = resolve(__dirname, '..', '..');

const EPHEMERAL_SANDBOX_PORTS = Object.fromEntries(
  Object.keys(DEFAULT_SANDBOX_PORTS).map((service) => [`SANDBOX_${service.toUpperCase()}_PORT`, '0']),
);

/** The service as a child process (not waited for); its output collected. */
export function spawnService(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', join(ROOT, 'src', 'main.ts')],
    {
      cwd: ROOT,
      // Tests keep the sandbox on free ports unless they name one.
      env: { ...process.env, LOG_LEVEL: 'info', ...EPHEMERAL_SANDBOX_PORTS, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

/** Starts the service on a free port and waits until it listens (or fails with its output). */
export async function startService(env: Record<string, string>, timeoutMs = 90_000): Promise<ServiceProcess> {
  const port = await findFreePort();
  const { child, output, exited } = spawnService({ PORT: String(port), ...env });
  await new Promise<void>((ready, failed) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      // A service that never came up must not outlive the test (it would keep jest from exiting).
      child.kill('SIGKILL');
      failed(new Error(`service did not start:\n${output()}`));
    }, timeoutMs);
    const poll = setInterval(() => {
      if (!output().includes('connector listening on')) return;
      clearInterval(poll);
      clearTimeout(timer);
      ready();
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      failed(new Error(`service exited (${code}) before listening:\n${output()}`));
    });
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output,
    exited,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the service expecting it to stop by itself (a refused start); its exit code and output. */
export async function runServiceToExit(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<{ code: number | null; output: string }> {
  const port = await findFreePort();
  const { child, output, exited } = spawnService({ PORT: String(port), ...env });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await exited;
  clearTimeout(timer);
  return { code, output: output() };
}

/** The pid the cluster's lock file names, or undefined when no postmaster holds it. */
export function postmasterPid(clusterDir: string): number | undefined {
  try {
    return Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}
