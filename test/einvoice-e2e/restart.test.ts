/**
 * A process killed mid-batch (SIGKILL while IRP calls are in flight, six of them already registered at
 * the IRP with their answers never received) and a new process on the same database and data dir: the
 * sweep releases what was left SUBMITTING, the lookup adopts what the IRP already holds, and every
 * document must end WRITTEN_BACK with exactly one IRN.
 *
 * The dead process's pg-boss jobs stay `active` (pg-boss has no heartbeat); under the `stately` policy
 * they would block the re-enqueued work for the same submission until they expire. The sweep fails them
 * when it releases the stale SUBMITTING rows: the first test proves recovery needs nothing else; the
 * second shows the same end state when the jobs are expired by other means.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateDatabase } from '../../src/app-schema';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { SweepService } from '../../src/sync/sweep.service';
import { eventually } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';
import {
  assertGenerateAnswers,
  auditActions,
  dropSampleAndPull,
  expectedDocuments,
  injectFault,
  readResultFile,
  registrationsByDocument,
  settledDocuments,
  startChildApp,
  startE2eApp,
  startEinvoiceSandbox,
  type ChildApp,
  type E2eApp,
} from './support';

const expected = expectedDocuments();

interface Crashed {
  sandbox: RunningSandbox;
  databaseUrl: string;
  dataDir: string;
  second: E2eApp;
}

/** Process A pulls the sample and is killed once the IRP holds all 12 (6 answers hung); B starts. */
async function crashMidBatch(cleanups: (() => Promise<unknown>)[]): Promise<Crashed> {
  // Hung answers outlive the killed process: the IRP committed, the client never hears back.
  const sandbox = await startEinvoiceSandbox({
    faultTimeoutMs: 60_000,
    rateLimit: { limit: 10_000, windowMs: 60_000 },
  });
  cleanups.push(() => sandbox.stop());
  const db = await createMigratedTestDatabase('einv_restart');
  cleanups.push(() => db.drop());
  await migrateDatabase(db.url);
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoice-restart-'));
  cleanups.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));

  await injectFault(sandbox, 'timeout-after-commit', 6);
  const first: ChildApp = await startChildApp({ sandbox, databaseUrl: db.url, dataDir });
  cleanups.push(() => first.kill());
  await dropSampleAndPull(first.url, join(dataDir, 'inbox'));
  await eventually(
    () => Promise.resolve(sandbox.einvoice.registrations().length === 12 ? true : undefined),
    30_000,
  );
  await first.kill();

  const second = await startE2eApp({ sandbox, databaseUrl: db.url, dataDir });
  cleanups.unshift(() => second.close());
  return { sandbox, databaseUrl: db.url, dataDir, second };
}

/** What pg-boss does to a dead worker's jobs once `expireInSeconds` has passed, done now. */
async function expireDeadWorkersJobs(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `UPDATE pgboss.job SET state = 'failed', completed_on = now()
       WHERE state = 'active' AND started_on < now() - interval '5 seconds'`,
    );
  } finally {
    await client.end();
  }
}

async function assertRecovered(crashed: Crashed, sweepFirst?: () => Promise<unknown>): Promise<void> {
  const { sandbox, second, dataDir } = crashed;
  const sweep = second.app.get(SweepService);
  // Up to staleJobSeconds (30 s here) for write-back jobs the dead process held.
  const docs = await settledDocuments(second.url, 12, 60_000, async () => {
    await sweepFirst?.();
    await sweep.sweep();
  });
  expect(docs.map((d) => [d.docNumber, d.submissions[0].state])).toEqual(
    docs.map((d) => [d.docNumber, 'WRITTEN_BACK']),
  );

  const registrations = sandbox.einvoice.registrations();
  expect(registrations).toHaveLength(12);
  const byDocument = registrationsByDocument(registrations);
  for (const want of expected) {
    expect(byDocument.get(want.docNumber)?.map((r) => r.irn)).toEqual([want.irn]);
    expect(docs.find((d) => d.docNumber === want.docNumber)?.submissions[0].irn).toBe(want.irn);
  }
  // The IRP held all 12 before the kill: anything the second process sent blindly would be a 2150 here.
  await assertGenerateAnswers(
    sandbox,
    expected.map((doc) => doc.docNumber),
  );

  const actions = await auditActions(second.url, docs);
  const withAction = (action: string) => [...actions.values()].filter((list) => list.includes(action)).length;
  // The six whose answers hung were in flight when the process died: released, looked up, adopted.
  expect(withAction('stale-submitting-released')).toBeGreaterThanOrEqual(6);
  expect(withAction('registered-adopted')).toBeGreaterThanOrEqual(6);
  expect(withAction('written-back')).toBe(12);

  const rows = readResultFile(join(dataDir, 'outbox'));
  expect(rows).toHaveLength(expected.reduce((sum, doc) => sum + doc.rows, 0));
  for (const row of rows) expect(row.Irn).toBe(expected.find((d) => d.docNumber === row.InvoiceNo)?.irn);
}

describe('India e-invoice end to end: process killed mid-batch, another one resumes', () => {
  let cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    cleanups = [];
  });

  it('resumes on its own: all 12 WRITTEN_BACK, one IRN each, after SIGKILL and restart', async () => {
    await assertRecovered(await crashMidBatch(cleanups));
  }, 120_000);

  it('once the dead worker’s jobs have expired, resumes to all 12 WRITTEN_BACK with one IRN each', async () => {
    const crashed = await crashMidBatch(cleanups);
    await assertRecovered(crashed, () => expireDeadWorkersJobs(crashed.databaseUrl));
  }, 120_000);
});
