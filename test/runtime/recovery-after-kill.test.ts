/**
 * Recovery time with the shipped leases and schedule: a process killed with SIGKILL while IRP calls are
 * in flight (the IRP committed some; their answers never come back) and a process started again on the
 * same database and data folder. Every acknowledged document settles, once, within 30 s of the restart:
 * the SUBMITTING lease (queue.submittingLeaseSeconds) lapses, the sweep (schedule.sweepEverySeconds)
 * releases it as an unknown outcome, and the look-up adopts what the IRP holds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase } from '../../src/app-schema';
import {
  dropSampleAndPull,
  expectedDocuments,
  injectFault,
  registrationsByDocument,
  settledDocuments,
  startChildApp,
  startEinvoiceSandbox,
  type ChildApp,
} from '../einvoice-e2e/support';
import { eventually } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';
import { withShippedLeases } from './shipped-leases';

const expected = expectedDocuments();

it('after a kill -9 mid-batch, every acknowledged document settles once within 30 s of the restart', async () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    // Hung answers outlive the killed process: the IRP committed, the client never hears back.
    const sandbox = await startEinvoiceSandbox({
      faultTimeoutMs: 120_000,
      rateLimit: { limit: 10_000, windowMs: 60_000 },
    });
    cleanups.push(() => sandbox.stop());
    const db = await createMigratedTestDatabase('recovery_kill');
    cleanups.push(() => db.drop());
    await migrateDatabase(db.url);
    const dataDir = mkdtempSync(join(tmpdir(), 'recovery-kill-'));
    cleanups.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));

    await injectFault(sandbox, 'timeout-after-commit', 6);
    const options = { sandbox, databaseUrl: db.url, dataDir, configure: withShippedLeases };
    const first: ChildApp = await startChildApp(options);
    cleanups.push(() => first.kill());
    await dropSampleAndPull(first.url, join(dataDir, 'inbox'));
    await eventually(
      () => Promise.resolve(sandbox.einvoice.registrations().length === expected.length || undefined),
      30_000,
    );
    await first.kill();

    const restartedAt = Date.now();
    const second = await startChildApp(options);
    cleanups.unshift(() => second.kill());
    const documents = await settledDocuments(second.url, expected.length, 60_000);
    const seconds = (Date.now() - restartedAt) / 1000;
    process.stdout.write(
      `recovery: ${expected.length} documents settled ${seconds.toFixed(1)} s after the restart\n`,
    );
    expect(documents.every((d) => d.submissions.every((s) => s.state === 'WRITTEN_BACK'))).toBe(true);
    for (const registrations of registrationsByDocument(sandbox.einvoice.registrations()).values()) {
      expect(registrations).toHaveLength(1);
    }
    expect(seconds).toBeLessThanOrEqual(30);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}, 150_000);
