/** The e-invoice end-to-end app with extra in-einvoice settings on its connector instance (callbacks). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.factory';
import { validateConfig } from '../../src/config/config-loader';
import { migrateDatabase } from '../../src/app-schema';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { e2eRawConfig, sandboxRegimeDefaults, type E2eApp } from '../einvoice-e2e/support';
import { createMigratedTestDatabase } from '../support/test-database';

export async function startAppWithCallbacks(
  sandbox: RunningSandbox,
  instanceSettings: Record<string, unknown>,
  queue: Record<string, unknown> = { maxAttempts: 100 },
): Promise<E2eApp> {
  const db = await createMigratedTestDatabase('einv_feeds');
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoice-feeds-'));
  const raw = e2eRawConfig(db.url, dataDir, queue);
  const [connector] = raw.connectors as { regimeSettings: Record<string, Record<string, unknown>> }[];
  Object.assign(connector.regimeSettings['in-einvoice'], instanceSettings);
  const config = validateConfig(raw);
  await migrateDatabase(db.url);
  const app = await createApp({
    config,
    databaseUrl: db.url,
    regimeDefaults: sandboxRegimeDefaults(sandbox),
  });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    config,
    databaseUrl: db.url,
    dataDir,
    inbox: join(dataDir, 'inbox'),
    outbox: join(dataDir, 'outbox'),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      await db.drop();
    },
  };
}
