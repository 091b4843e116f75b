/**
 * The connector service: HTTP API, workers and scheduler (roles from config). With no database URL it
 * starts an embedded PostgreSQL under `<dataDir>/pg`; with the sandbox enabled it starts the simulated
 * outside world in-process and points the compliance clients at it.
 */
import { Logger } from '@nestjs/common';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { createApp } from './app.factory';
import { migrateDatabase } from './app-schema';
import { bootPreflight } from './boot-preflight';
import { bootLogger } from './logging';
import { ConfigError, loadConfig } from './config';
import {
  rideOutDatabaseOutages,
  EmbeddedPostgresError,
  startEmbeddedPostgres,
  type EmbeddedPostgresServer,
} from './database';
import { DevelopmentSandboxError, startDevelopmentSandbox } from './development';
import { REGIME_PLUGINS } from './regimes';

async function bootstrap(): Promise<void> {
  Logger.overrideLogger(bootLogger());
  const log = new Logger('Boot');
  rideOutDatabaseOutages(new Logger('Database'));
  const config = loadConfig();
  // Read by V8 at every full collection, so it takes effect from here on (see ServerConfig).
  if (config.server.heapGrowingPercent > 0) {
    setFlagsFromString(`--heap-growing-percent=${config.server.heapGrowingPercent}`);
  }
  await bootPreflight(config);
  const cleanups: (() => Promise<void>)[] = [];

  let databaseUrl = config.database.url;
  let embedded: EmbeddedPostgresServer | undefined;
  if (!databaseUrl) {
    const dataDir = resolve(config.server.dataDir, 'pg');
    log.log(`no database.url / DATABASE_URL: starting embedded PostgreSQL in ${dataDir}`);
    embedded = await startEmbeddedPostgres({
      dataDir,
      log: (line) => log.log(line),
      onUnexpectedExit: (exit) => void restartEmbedded(embedded!, exit),
    });
    databaseUrl = await embedded.ensureDatabase('connector');
  }
  if (config.database.runMigrations) {
    const applied = await migrateDatabase(databaseUrl);
    if (applied.length > 0) log.log(`migrations applied: ${applied.join(', ')}`);
  }

  const extras = await startDevelopmentSandbox(config, REGIME_PLUGINS);
  cleanups.push(() => extras.stop());

  const app = await createApp({
    config,
    databaseUrl,
    regimeDefaults: extras.regimeDefaults,
    sandboxServices: extras.sandboxServices,
  });
  await app.listen(config.server.port, '0.0.0.0');
  const url = `http://localhost:${config.server.port}`;
  log.log(`connector listening on ${url} (roles: ${config.server.roles.join(', ')}); OpenAPI at ${url}/docs`);
  extras
    .afterStart(app)
    .catch((error: unknown) => log.warn(`development setup incomplete: ${String(error)}`));

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.log(`${signal}: shutting down`);
    try {
      await app.close();
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    } finally {
      await embedded?.stop();
      process.exit(0);
    }
  };
  // The only signal handlers (the app registers none of Nest's): one shutdown, and a second signal while
  // it runs is ignored rather than ending the process before the embedded PostgreSQL is stopped. SIGHUP:
  // the terminal `npm start` ran in was closed.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
}

/**
 * The embedded PostgreSQL is this process's own: when it ends without being asked (killed, crashed), it
 * is started again on the same port and the pools reconnect; if it cannot be, the process stops with
 * one line, and the next start resumes from what PostgreSQL recorded.
 */
async function restartEmbedded(
  embedded: EmbeddedPostgresServer,
  exit: { code: number | null; signal: NodeJS.Signals | null },
): Promise<void> {
  const log = new Logger('Database');
  const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
  log.warn(`embedded PostgreSQL ended unexpectedly (${how}): starting it again on port ${embedded.port}`);
  const deadline = Date.now() + EMBEDDED_RESTART_MS;
  for (;;) {
    try {
      await embedded.restart();
      log.log('embedded PostgreSQL is running again; work resumes');
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        log.error(
          `embedded PostgreSQL could not be started again (${error instanceof Error ? error.message : String(error)}): stopping; start the service again to resume`,
        );
        process.exit(1);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** How long to keep trying to bring a crashed embedded PostgreSQL back (its old backends must exit first). */
const EMBEDDED_RESTART_MS = 60_000;

bootstrap().catch((error: unknown) => {
  console.error(startupFailure(error));
  process.exit(1);
});

/** One clear line for failures the operator can act on; the stack for anything unexpected. */
function startupFailure(error: unknown): string {
  const oneLine = [ConfigError, EmbeddedPostgresError, DevelopmentSandboxError];
  if (oneLine.some((kind) => error instanceof kind)) return (error as Error).message;
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return `start failed: ${error === undefined ? 'no reason given' : JSON.stringify(error)}`;
}
