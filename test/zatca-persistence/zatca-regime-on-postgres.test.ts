import { randomBytes, randomUUID } from 'node:crypto';
import { ConsoleLogger, Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { SecretBox } from '../../src/security/secret-box';
import type { ZatcaPayload } from '../../src/regimes/sa-zatca/zatca.regime';
import { ComplianceError, type Registered, type SubmitContext } from '../../src/compliance/regime';
import { startZatcaSimulator, type ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import { testEgsUnit, testInvoice } from '../zatca-lifecycle/support/egs-fixtures';
import {
  createZatcaTestDatabase,
  insertZatcaSubmission,
  storeRegisteredOutcome,
  type ZatcaTestDatabase,
} from './support/zatca-pg-database';
import { wireZatcaProcess as wire } from './support/zatca-pg-process';
import { submitContext } from '../support/submit-context';

const UNIT = 'egs-pos-riyadh';

describe('the sa-zatca regime on Postgres stores, against the ZATCA simulator', () => {
  let db: ZatcaTestDatabase;
  let dataSource: DataSource;
  let simulator: ZatcaSimulator;
  let process1: ReturnType<typeof wire>;
  const secretBox = new SecretBox(randomBytes(32));
  const warnings: string[] = [];

  beforeAll(async () => {
    db = await createZatcaTestDatabase('zatca_regime');
    dataSource = await db.connect();
    simulator = await startZatcaSimulator();
    process1 = wire(dataSource, simulator, secretBox);
    await process1.onboarding.onboard(testEgsUnit(UNIT), simulator.otp);
    Logger.overrideLogger({
      log: () => undefined,
      error: () => undefined,
      warn: (message: unknown) => void warnings.push(String(message)),
    });
  });
  afterAll(async () => {
    Logger.overrideLogger(new ConsoleLogger());
    await simulator.stop();
    await db.close();
  });

  function payloadOf(kind: 'standard' | 'simplified', number: string): ZatcaPayload {
    const mapped = process1.regime.map(testInvoice(kind, number, UNIT), {});
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
    return mapped.value.payload;
  }

  async function contextFor(number: string): Promise<SubmitContext> {
    const { submissionId, documentId } = await insertZatcaSubmission(dataSource, number);
    return submitContext({ submissionId, documentId, connectorInstance: 'riyadh-erp' });
  }

  const storeRegistered = (submissionId: string, outcome: Registered, state: string) =>
    storeRegisteredOutcome(dataSource, submissionId, outcome, state);

  const submissionRow = async (id: string): Promise<Record<string, unknown>> => {
    const rows: Record<string, unknown>[] = await dataSource.query(`SELECT * FROM submission WHERE id = $1`, [
      id,
    ]);
    return rows[0];
  };

  it('onboards into egs_unit with the key and CSID secrets sealed', async () => {
    const rows: { state: string; row: string }[] = await dataSource.query(
      `SELECT state, egs_unit::text AS row FROM egs_unit WHERE id = $1`,
      [UNIT],
    );
    expect(rows[0].state).toBe('ACTIVE');
    const production = simulator.records.csids.filter((c) => c.kind === 'production').at(-1)!;
    expect(rows[0].row).toContain(production.binarySecurityToken);
    expect(rows[0].row).not.toContain(production.secret);
    expect(rows[0].row).not.toContain('PRIVATE KEY');
  });

  it('clears standard invoices, and a restarted process continues the same chain', async () => {
    const first = await contextFor('INV-5001');
    const cleared = (await process1.regime.submit(payloadOf('standard', 'INV-5001'), first)) as Registered;
    expect(cleared).toMatchObject({
      status: 'registered',
      identifiers: { zatcaStatus: 'CLEARED', zatcaIcv: 1 },
    });
    expect(simulator.records.invoices.at(-1)).toMatchObject({ endpoint: 'clearance', status: 'CLEARED' });

    // a new process: new pool, new store objects, nothing in memory
    const process2 = wire(await db.connect(3), simulator, secretBox);
    const second = await contextFor('INV-5002');
    const next = (await process2.regime.submit(payloadOf('standard', 'INV-5002'), second)) as Registered;
    expect(next.identifiers).toMatchObject({ zatcaStatus: 'CLEARED', zatcaIcv: 2 });
    expect(next.identifiers.signedInvoice).toContain(`>${cleared.identifiers.zatcaHash}</cbc:`);
    expect(simulator.records.invoices.at(-1)).toMatchObject({ status: 'CLEARED', errors: [] });

    // the retry of the first resends the stored XML: ZATCA answers duplicate, nothing advances
    const retry = (await process2.regime.submit(payloadOf('standard', 'INV-5001'), {
      ...first,
      attempt: 2,
    })) as Registered;
    expect(retry).toMatchObject({ status: 'registered', adopted: true });
    expect(retry.identifiers.zatcaHash).toBe(cleared.identifiers.zatcaHash);
    expect(await process2.chain.current(UNIT)).toEqual({ lastIcv: 2, lastHash: next.identifiers.zatcaHash });
  });

  it('signs simplified invoices at once, then the reporting job reports them oldest ICV first', async () => {
    const submitted: { id: string; outcome: Registered }[] = [];
    for (const [number, state] of [
      ['POS-7001', 'WRITTEN_BACK'],
      ['POS-7002', 'WRITEBACK_PENDING'],
    ]) {
      const context = await contextFor(number);
      const outcome = (await process1.regime.submit(payloadOf('simplified', number), context)) as Registered;
      expect(outcome.identifiers).toMatchObject({ zatcaStatus: 'SIGNED_PENDING_REPORTING' });
      expect(outcome.identifiers.zatcaQr).toBeTruthy();
      await storeRegistered(context.submissionId, outcome, state);
      submitted.push({ id: context.submissionId, outcome });
    }
    const sentBefore = simulator.records.invoices.length;

    // two overlapping runs (two scheduler instances): each invoice is reported once
    const process2 = wire(await db.connect(3), simulator, secretBox);
    const runs = await Promise.all([process1.reporting.reportDue(), process2.reporting.reportDue()]);

    const reported = runs.flatMap((run) => run.reported);
    expect(reported).toEqual(submitted.map((s) => s.id));
    expect(runs.flatMap((run) => [...run.rejected, ...run.failed])).toEqual([]);
    expect([...process1.client.reportedUuids, ...process2.client.reportedUuids]).toEqual(
      submitted.map((s) => s.outcome.identifiers.zatcaUuid),
    );
    const sent = simulator.records.invoices.slice(sentBefore);
    expect(sent.map((r) => [r.endpoint, r.status, r.icv, r.uuid])).toEqual(
      submitted.map((s) => [
        'reporting',
        'REPORTED',
        String(s.outcome.identifiers.zatcaIcv),
        s.outcome.identifiers.zatcaUuid,
      ]),
    );
    for (const { id, outcome } of submitted) {
      const row = await submissionRow(id);
      expect(row.zatca_status).toBe('REPORTED');
      expect(row.identifiers).toMatchObject({
        zatcaStatus: 'REPORTED',
        zatcaHash: outcome.identifiers.zatcaHash,
      });
      expect(row.error_class).toBeNull();
      const audit: { action: string; details: Record<string, unknown> }[] = await dataSource.query(
        `SELECT action, details FROM audit_event WHERE submission_id = $1`,
        [id],
      );
      expect(audit).toEqual([
        {
          action: 'zatca-reported',
          details: expect.objectContaining({
            icv: outcome.identifiers.zatcaIcv,
            zatcaStatus: { from: 'SIGNED_PENDING_REPORTING', to: 'REPORTED' },
          }),
        },
      ]);
    }
    expect(await process1.reporting.reportDue()).toEqual({
      reported: [],
      rejected: [],
      failed: [],
      approaching: [],
    });
  });

  it('keeps ZATCA messages on an invoice it refuses to report, and alerts on one nearing 24 h', async () => {
    // a signed invoice altered after signing: its hash no longer matches
    const tamperedContext = await contextFor('POS-7003');
    const payload = payloadOf('simplified', 'POS-7003');
    const signed = (await process1.regime.submit(payload, tamperedContext)) as Registered;
    await storeRegistered(tamperedContext.submissionId, signed, 'WRITTEN_BACK');
    await dataSource.query(
      `UPDATE zatca_signed_invoice SET signed_xml = replace(signed_xml, '138.00</cbc:PayableAmount>',
         '13.80</cbc:PayableAmount>') WHERE submission_id = $1`,
      [tamperedContext.submissionId],
    );
    // an invoice of a unit whose credentials are gone, signed 21 h ago
    const stuck = await contextFor('POS-9001');
    await process1.chain.withNextChainSlot(
      'egs-decommissioned',
      (icv, pih) => Promise.resolve({ signedXml: `<Invoice>${icv}${pih}</Invoice>`, hash: 'aGFzaA==' }),
      { submissionId: stuck.submissionId, uuid: randomUUID() },
    );
    await dataSource.query(
      `UPDATE submission SET state = 'WRITTEN_BACK', zatca_status = 'SIGNED_PENDING_REPORTING' WHERE id = $1`,
      [stuck.submissionId],
    );
    await dataSource.query(
      `UPDATE zatca_signed_invoice SET created_at = now() - interval '21 hours' WHERE submission_id = $1`,
      [stuck.submissionId],
    );
    warnings.length = 0;

    const run = await process1.reporting.reportDue();

    expect(run).toEqual({
      reported: [],
      rejected: [tamperedContext.submissionId],
      failed: [stuck.submissionId],
      approaching: [stuck.submissionId],
    });
    const refused = await submissionRow(tamperedContext.submissionId);
    expect(refused).toMatchObject({ zatca_status: 'NOT_REPORTED', error_class: 'rejected' });
    expect(String(refused.error_code)).toContain('invalid-invoice-hash');
    expect(String(refused.error_message)).toContain('does not match the (calculated) Hash of the XML');
    expect(simulator.records.invoices.at(-1)).toMatchObject({
      endpoint: 'reporting',
      status: 'NOT_REPORTED',
    });

    const pending = await submissionRow(stuck.submissionId);
    expect(pending).toMatchObject({ zatca_status: 'SIGNED_PENDING_REPORTING', error_class: 'config' });
    expect(warnings.some((w) => w.startsWith('ALERT') && w.includes(stuck.submissionId))).toBe(true);

    const actions: { action: string }[] = await dataSource.query(
      `SELECT action FROM audit_event WHERE submission_id = ANY($1) ORDER BY id`,
      [[tamperedContext.submissionId, stuck.submissionId]],
    );
    expect(actions.map((a) => a.action).sort()).toEqual(['zatca-report-failed', 'zatca-report-rejected']);
  });

  it("refuses, as the document's fault (validation), a second submission signing an invoice UUID already signed", async () => {
    const payload = payloadOf('simplified', 'INV-5901');
    await process1.regime.submit(payload, await contextFor('INV-5901'));
    const before = await process1.chain.current(UNIT);

    const error = await process1.regime
      .submit(payload, await contextFor('INV-5901-again'))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ComplianceError);
    expect(error).toMatchObject({ errorClass: 'validation' });
    expect((error as ComplianceError).message).toContain(`invoice UUID ${payload.uuid} is already signed`);
    expect(await process1.chain.current(UNIT)).toEqual(before);
  });
});
