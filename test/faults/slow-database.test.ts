/**
 * PostgreSQL answering every statement 200 ms late (a slow link, a loaded server): the example file still
 * ends with every document registered once at the IRP and written back once, nothing released by the
 * sweep as a dead worker's send and nothing looked up or sent again, and readiness stays 200 throughout:
 * a database that answers slowly is not a database that is down (the readiness bound is
 * schedule.healthCheckTimeoutSeconds).
 */
import type { RunningSandbox } from '@erp-connector/sandbox';
import { DataSource } from 'typeorm';
import { migrateDatabase } from '../../src/app-schema';
import { SweepService } from '../../src/sync/sweep.service';
import {
  auditActions,
  dropSampleAndPull,
  expectedDocuments,
  registrationsByDocument,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from '../einvoice-e2e/support';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database';
import { startLatencyProxy, type LatencyProxy } from './latency-proxy';

const STATEMENT_LATENCY_MS = 200;
const expected = expectedDocuments();

describe(`PostgreSQL answering ${STATEMENT_LATENCY_MS} ms late`, () => {
  let sandbox: RunningSandbox;
  let db: TestDatabase;
  let proxy: LatencyProxy;
  let app: E2eApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
    db = await createMigratedTestDatabase('slow_db');
    await migrateDatabase(db.url);
    proxy = await startLatencyProxy(db.url, STATEMENT_LATENCY_MS);
    app = await startE2eApp({ sandbox, databaseUrl: proxy.url });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await db?.drop();
    await sandbox?.stop();
  });

  it('registers and writes back every document once, and stays ready', async () => {
    const started = performance.now();
    await app.app.get(DataSource).query('SELECT 1');
    expect(performance.now() - started).toBeGreaterThanOrEqual(STATEMENT_LATENCY_MS);

    const ready: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        ready.push((await fetch(`${app.url}/health/ready`)).status);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const sweep = app.app.get(SweepService);
    const released: number[] = [];
    try {
      await dropSampleAndPull(app.url, app.inbox);
      const docs = await settledDocuments(app.url, expected.length, 150_000, async () => {
        released.push((await sweep.sweep()).released);
      });
      expect(docs.map((d) => d.submissions[0].state)).toEqual(docs.map(() => 'WRITTEN_BACK'));
      for (const actions of (await auditActions(app.url, docs)).values()) {
        expect(actions).not.toContain('stale-submitting-released');
        expect(actions.filter((action) => action === 'written-back')).toHaveLength(1);
      }
    } finally {
      probing = false;
      await probe;
    }
    const registrations = registrationsByDocument(sandbox.einvoice.registrations());
    expect(registrations.size).toBe(expected.length);
    for (const once of registrations.values()) expect(once).toHaveLength(1);
    expect(released.every((count) => count === 0)).toBe(true);
    expect(ready.length).toBeGreaterThan(10);
    expect(ready.filter((status) => status !== 200)).toEqual([]);
  }, 240_000);
});
