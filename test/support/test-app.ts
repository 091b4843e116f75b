/**
 * Boots the real application on a fresh database of the run's embedded PostgreSQL, listening on an
 * ephemeral port. Nothing is mocked: tests talk to it over HTTP.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.factory';
import type { AppModuleOptions } from '../../src/app.module';
import type { AppConfig } from '../../src/config/app-config';
import { validateConfig } from '../../src/config/config-loader';
import { migrateDatabase } from '../../src/app-schema';
import { createMigratedTestDatabase } from './test-database';

export const TEST_API_KEY = 'test-api-key-0123456789abcdef';

export interface TestApp {
  app: NestExpressApplication;
  url: string;
  config: AppConfig;
  databaseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Record<string, unknown>;
  connectors?: Record<string, unknown>[];
  regimes?: AppModuleOptions['regimes'];
  regimePlugins?: AppModuleOptions['regimePlugins'];
  regimeDefaults?: AppModuleOptions['regimeDefaults'];
  connectorFactories?: AppModuleOptions['connectorFactories'];
  /** Reuse a database (second instance on the same database). */
  databaseUrl?: string;
  dataDir?: string;
  roles?: string[];
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.databaseUrl ? undefined : await createMigratedTestDatabase('app');
  const databaseUrl = options.databaseUrl ?? db!.url;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'connector-test-data-'));
  const config = validateConfig({
    server: { port: 0, roles: options.roles ?? ['api', 'worker'], dataDir },
    database: { url: databaseUrl },
    security: { apiKeys: [TEST_API_KEY] },
    queue: { batchSize: 20, pollingIntervalSeconds: 0.5, maxAttempts: 4, submittingLeaseSeconds: 5 },
    schedule: { pullEverySeconds: 3600, sweepEverySeconds: 3600 },
    connectors: options.connectors ?? [],
    ...(options.config ?? {}),
  });
  if (!options.databaseUrl) await migrateDatabase(databaseUrl);
  const app = await createApp({
    config,
    databaseUrl,
    regimes: options.regimes,
    regimePlugins: options.regimePlugins,
    regimeDefaults: options.regimeDefaults,
    connectorFactories: options.connectorFactories,
  });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    config,
    databaseUrl,
    dataDir,
    close: async () => {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      await db?.drop();
    },
  };
}

/** Polls until `probe` returns a value (not undefined) or the time runs out. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 20000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `condition not met within ${timeoutMs} ms${last instanceof Error ? `: ${last.message}` : ''}`,
      );
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
