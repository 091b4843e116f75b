/**
 * Two service processes (separate OS processes, each api + worker + scheduler) on one PostgreSQL signing,
 * clearing and reporting for one EGS unit at once: the unit keeps one ICV/PIH chain. The ZATCA simulator
 * is the judge (it refuses a used ICV, a PIH that is not the previous invoice's hash, and a second PIH
 * for the same predecessor: a fork), and the database's chain must read 1..n, each PIH the hash before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';
import { migrateDatabase } from '../../src/app-schema';
import { startZatcaSimulator, type ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import {
  accepted,
  assertChainIntact,
  assertOncePerInvoice,
  onboard,
  push,
  startChild,
  submissions,
  type Child,
} from '../support/ksa-service';
import { eventually } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';

/** Per process and kind: 2 pushes of this many, two processes, standard and simplified. */
const PER_PUSH = 5;
const PUSHES = 2;
const TOTAL = PER_PUSH * PUSHES * 2 * 2;

describe('scale-out: two processes keep one ZATCA chain for one EGS unit', () => {
  let zatca: ZatcaSimulator;
  let db: { url: string; drop(): Promise<void> };
  let dataDir: string;
  const children: Child[] = [];

  beforeAll(async () => {
    zatca = await startZatcaSimulator({ environment: 'simulation' });
    db = await createMigratedTestDatabase('zatca_two');
    await migrateDatabase(db.url);
    dataDir = mkdtempSync(join(tmpdir(), 'zatca-two-'));
  });
  afterAll(async () => {
    await Promise.all(children.map((child) => child.kill()));
    await zatca.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('clears and reports 40 invoices from both at once: ICVs 1..40, no gap, no fork, each once at ZATCA', async () => {
    // One data folder (one master key) as two processes of one host would share.
    // The sweep hands reported invoices to write-back, as in production (every 5 s by default).
    const schedule = { sweepEverySeconds: 2 };
    const [a, b] = await Promise.all([
      startChild(zatca, db.url, dataDir, undefined, schedule),
      startChild(zatca, db.url, dataDir, undefined, schedule),
    ]);
    children.push(a, b);
    await onboard(a.url, zatca);

    const pushes = [a, b].flatMap((child, c) =>
      Array.from({ length: PUSHES }, (_, p) => [
        push(child.url, 'standard', `KSA-TWO-S${c}${p}`, PER_PUSH),
        push(child.url, 'simplified', `KSA-TWO-R${c}${p}`, PER_PUSH),
      ]).flat(),
    );
    const ids = (await Promise.all(pushes)).flat();
    expect(ids).toHaveLength(TOTAL);

    // Both processes' reporting jobs run every 5 s; the standard invoices clear as they are processed.
    const settled = await eventually(
      async () => {
        const views = await submissions(a.url, ids);
        const done = views.every(
          (s) => s.state === 'WRITTEN_BACK' && (s.zatcaStatus === 'CLEARED' || s.zatcaStatus === 'REPORTED'),
        );
        return done ? views : undefined;
      },
      90_000,
      1_000,
    );

    expect(settled.filter((s) => s.zatcaStatus === 'CLEARED')).toHaveLength(TOTAL / 2);
    expect(settled.filter((s) => s.zatcaStatus === 'REPORTED')).toHaveLength(TOTAL / 2);
    expect(settled.map((s) => s.zatcaIcv).sort((x, y) => x! - y!)).toEqual(
      Array.from({ length: TOTAL }, (_, i) => i + 1),
    );
    // ZATCA refused nothing (a forked or gapped chain is an INVOICE_CHAIN_ERRORS refusal there).
    const refused = zatca.records.invoices.filter((r) => r.endpoint !== 'compliance' && r.httpStatus >= 400);
    expect(refused.map((r) => r.errors.map((e) => e.code))).toEqual([]);
    assertOncePerInvoice(
      [...accepted(zatca, 'clearance', 'CLEARED'), ...accepted(zatca, 'reporting', 'REPORTED')],
      settled.map((s) => s.zatcaUuid!),
    );

    const dataSource = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    try {
      await assertChainIntact(dataSource, TOTAL);
    } finally {
      await dataSource.destroy();
    }
  }, 150_000);
});
