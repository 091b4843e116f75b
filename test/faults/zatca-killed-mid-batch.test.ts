/**
 * KSA: a service process killed with SIGKILL between sending invoices to ZATCA and recording the answers
 * (ZATCA cleared or reported them; the answers hang, the process dies), and another process on the same
 * database and data folder: every invoice ends WRITTEN_BACK with ZATCA's final status, ZATCA holds each
 * invoice once (the simulator's record is the judge: a resend of the same signed invoice is answered 409
 * and not recorded again, a new UUID or ICV would be), and the EGS unit's ICV/PIH chain has no gap and no
 * fork.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { migrateDatabase } from '../../src/app-schema';
import { startZatcaSimulator, type ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import { SweepService } from '../../src/sync/sweep.service';
import { zatcaReporting } from '../support/zatca-reporting';
import {
  accepted,
  assertChainIntact,
  assertOncePerInvoice,
  connectors,
  hangAnswersAfterCommit,
  onboard,
  push,
  startChild,
  submissions,
  type Child,
} from '../support/ksa-service';
import { eventually, startTestApp, type TestApp } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';

const INVOICES = 5;

describe('KSA: a process killed between sending to ZATCA and recording the answer, another one resumes', () => {
  let zatca: ZatcaSimulator;
  let db: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let child: Child | undefined;
  let second: TestApp | undefined;

  beforeEach(async () => {
    zatca = await startZatcaSimulator({ environment: 'simulation' });
    db = await createMigratedTestDatabase('zatca_kill');
    await migrateDatabase(db.url);
    dataDir = mkdtempSync(join(tmpdir(), 'zatca-kill-'));
  });
  afterEach(async () => {
    await child?.kill();
    await second?.close();
    child = undefined;
    second = undefined;
    await zatca.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const resume = () =>
    startTestApp({
      databaseUrl: db.url,
      dataDir,
      connectors,
      regimeDefaults: { 'sa-zatca': { baseUrl: zatca.url } },
    });

  it('clearance: every standard invoice cleared once, WRITTEN_BACK, the chain 1..n unbroken', async () => {
    child = await startChild(zatca, db.url, dataDir);
    await onboard(child.url, zatca);
    await hangAnswersAfterCommit(zatca, '/invoices/clearance/single', INVOICES);
    const ids = await push(child.url, 'standard', 'KSA-KILL-C', INVOICES);
    // ZATCA cleared what the process sent; the process heard none of the answers.
    await eventually(
      () => Promise.resolve(accepted(zatca, 'clearance', 'CLEARED').length >= 1 || undefined),
      30_000,
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const before = await submissions(child.url, ids);
    expect(before.filter((s) => s.zatcaStatus === 'CLEARED')).toEqual([]);
    await child.kill();

    second = await resume();
    const sweep = second.app.get(SweepService);
    const settled = await eventually(
      async () => {
        await sweep.sweep();
        const views = await submissions(second!.url, ids);
        return views.every((s) => s.state === 'WRITTEN_BACK') ? views : undefined;
      },
      60_000,
      500,
    );
    expect(settled.map((s) => s.zatcaStatus)).toEqual(ids.map(() => 'CLEARED'));
    const cleared = accepted(zatca, 'clearance', 'CLEARED');
    assertOncePerInvoice(
      cleared,
      settled.map((s) => s.zatcaUuid!),
    );
    expect(zatca.records.invoices.filter((r) => r.endpoint === 'clearance')).toHaveLength(INVOICES);
    expect(settled.map((s) => s.zatcaIcv).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5]);
    await assertChainIntact(second.app.get(DataSource), INVOICES);
  }, 150_000);

  it('reporting: every simplified invoice reported once, WRITTEN_BACK as REPORTED, the chain unbroken', async () => {
    child = await startChild(zatca, db.url, dataDir);
    await onboard(child.url, zatca);
    // The job reports one invoice at a time, each answer stored before the next is sent: the first
    // answer hangs, the process dies with it unrecorded.
    await hangAnswersAfterCommit(zatca, '/invoices/reporting/single', 1);
    const ids = await push(child.url, 'simplified', 'KSA-KILL-R', INVOICES);
    // Signed and written back at once (QR first); the child's reporting job then sends the oldest.
    await eventually(
      () => Promise.resolve(accepted(zatca, 'reporting', 'REPORTED').length === 1 || undefined),
      45_000,
    );
    const before = await submissions(child.url, ids);
    expect(before.map((s) => s.zatcaStatus)).toEqual(ids.map(() => 'SIGNED_PENDING_REPORTING'));
    await child.kill();

    second = await resume();
    const reporting = zatcaReporting(second.app);
    const sweep = second.app.get(SweepService);
    const settled = await eventually(
      async () => {
        await reporting.reportDue();
        await sweep.sweep();
        const views = await submissions(second!.url, ids);
        return views.every((s) => s.state === 'WRITTEN_BACK' && s.zatcaStatus === 'REPORTED')
          ? views
          : undefined;
      },
      60_000,
      500,
    );
    const reported = accepted(zatca, 'reporting', 'REPORTED');
    assertOncePerInvoice(
      reported,
      settled.map((s) => s.zatcaUuid!),
    );
    expect(zatca.records.invoices.filter((r) => r.endpoint === 'reporting')).toHaveLength(INVOICES);
    await assertChainIntact(second.app.get(DataSource), INVOICES);
  }, 150_000);
});
