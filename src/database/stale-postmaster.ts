/**
 * A PostgreSQL left running on our cluster by a process that died without stopping it (`kill -9`: the
 * postmaster is re-parented to init and keeps the cluster's lock file). The next start stops it when it
 * is ours and orphaned, and refuses with one line when a live process still uses it.
 */
import { readFileSync, rmSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { basename, join } from 'node:path';

export type StalePostmaster =
  | { kind: 'none' }
  /** The lock file names a process that is not a PostgreSQL of this cluster: removed. */
  | { kind: 'stale-lock-file'; pid: number }
  /** A PostgreSQL of this cluster whose starter is gone: stopped. */
  | { kind: 'orphan'; pid: number; port: number }
  | { kind: 'in-use'; pid: number; parentPid: number; port: number };

interface LockFile {
  pid: number;
  dataDir: string;
  port: number;
}

function readLockFile(clusterDir: string): LockFile | undefined {
  let text: string;
  try {
    text = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  // Lines: pid, data directory, start time, port, socket directory, listen address, shared memory key, status.
  const [pid, dataDir, , port] = text.split('\n');
  return { pid: Number(pid), dataDir: dataDir ?? '', port: Number(port) };
}

function procText(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** Running (a zombie waiting for a parent that does not reap it counts as gone). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !/^State:\s+Z/m.test(procText(pid, 'status') ?? '');
}

function parentOf(pid: number): number | undefined {
  const ppid = /^PPid:\s+(\d+)/m.exec(procText(pid, 'status') ?? '')?.[1];
  return ppid === undefined ? undefined : Number(ppid);
}

/** The file in the cluster naming the process that started its postmaster. */
export const STARTER_FILE = 'embedded-starter.pid';

/**
 * A live process that started the postmaster and may still use it: the starter the cluster recorded,
 * still its parent (after a crash the parent is init or a reaper instead).
 */
function isLiveStarter(clusterDir: string, parentPid: number | undefined): parentPid is number {
  if (parentPid === undefined || parentPid <= 1 || !isAlive(parentPid)) return false;
  let starter: number;
  try {
    starter = Number(readFileSync(join(clusterDir, STARTER_FILE), 'utf8').trim());
  } catch {
    return true; // not recorded: a live parent is taken to be its starter
  }
  return starter === parentPid;
}

/** What holds the cluster's lock file, without changing anything. */
export async function inspectPostmaster(clusterDir: string): Promise<StalePostmaster> {
  const lock = readLockFile(clusterDir);
  if (!lock || !(lock.pid > 0)) return { kind: 'none' };
  if (!isAlive(lock.pid)) return { kind: 'none' }; // PostgreSQL itself replaces a dead owner's lock file
  const command = (procText(lock.pid, 'cmdline') ?? '').split('\0')[0];
  const ours =
    basename(command) === 'postgres' &&
    (await realpath(lock.dataDir).catch(() => lock.dataDir)) === (await realpath(clusterDir));
  if (!ours) return { kind: 'stale-lock-file', pid: lock.pid };
  const parentPid = parentOf(lock.pid);
  if (isLiveStarter(clusterDir, parentPid))
    return { kind: 'in-use', pid: lock.pid, parentPid, port: lock.port };
  return { kind: 'orphan', pid: lock.pid, port: lock.port };
}

/**
 * Clears the way for a start: stops an orphaned postmaster of this cluster (fast shutdown, then
 * immediate after `graceMs`), removes a lock file naming some unrelated process, and throws with one
 * line when another live process uses the cluster. Returns what it found.
 */
export async function clearStalePostmaster(clusterDir: string, graceMs = 30_000): Promise<StalePostmaster> {
  const found = await inspectPostmaster(clusterDir);
  switch (found.kind) {
    case 'none':
      return found;
    case 'stale-lock-file':
      rmSync(join(clusterDir, 'postmaster.pid'), { force: true });
      return found;
    case 'in-use':
      throw new Error(
        `the embedded PostgreSQL of ${clusterDir} is in use by another running process (postgres pid ${found.pid}, started by pid ${found.parentPid}): stop that process or use another DATA_DIR`,
      );
    case 'orphan':
      process.kill(found.pid, 'SIGINT');
      if (!(await exited(found.pid, graceMs))) {
        process.kill(found.pid, 'SIGQUIT');
        if (!(await exited(found.pid, 5_000))) {
          throw new Error(
            `a PostgreSQL left running on ${clusterDir} (pid ${found.pid}) did not stop: stop it and start again`,
          );
        }
      }
      return found;
  }
}

async function exited(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}
