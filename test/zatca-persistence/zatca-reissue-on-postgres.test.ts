/**
 * Corrected re-issue on the Postgres chain store, against the ZATCA simulator: an invoice ZATCA rejected
 * keeps its chain slot and stays stored (rejected, superseded); the corrected document is signed once as
 * a new invoice in the next slot, whatever crashes, lost answers or concurrent retries happen meanwhile.
 */
import { randomBytes } from 'node:crypto';
import { ConsoleLogger, Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { signInvoice } from '../../src/regimes/sa-zatca/signer';
import type { ZatcaPayload } from '../../src/regimes/sa-zatca/zatca.regime';
import { ComplianceError, type Registered, type SubmitContext } from '../../src/compliance/regime';
import type { CanonicalInvoice } from '../../src/domain/canonical-invoice';
import { startZatcaSimulator, type ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import { SecretBox } from '../../src/security/secret-box';
import { testEgsUnit, testInvoice, testSeller } from '../zatca-lifecycle/support/egs-fixtures';
import {
  createZatcaTestDatabase,
  insertZatcaSubmission,
  storeRegisteredOutcome,
  type ZatcaTestDatabase,
} from './support/zatca-pg-database';
import { wireZatcaProcess, type ZatcaProcess } from './support/zatca-pg-process';
import { submitContext } from '../support/submit-context';

const UNIT = 'egs-reissue-jeddah';
/** A well-formed VAT number that is not the EGS certificate's: ZATCA refuses the invoice. */
const WRONG_SELLER_VAT = '311111111100003';

interface GenerationRow {
  generation: number;
  icv: number;
  pih: string;
  uuid: string;
  invoice_hash: string;
  signed_xml: string;
  rejection: { code: string; message: string } | null;
  rejected: boolean;
  superseded: boolean;
}

describe('corrected re-issue of rejected ZATCA invoices on Postgres', () => {
  let db: ZatcaTestDatabase;
  let dataSource: DataSource;
  let simulator: ZatcaSimulator;
  let process1: ZatcaProcess;
  let process2: ZatcaProcess;
  const secretBox = new SecretBox(randomBytes(32));

  beforeAll(async () => {
    db = await createZatcaTestDatabase('zatca_reissue');
    dataSource = await db.connect();
    simulator = await startZatcaSimulator();
    process1 = wireZatcaProcess(dataSource, simulator, secretBox);
    process2 = wireZatcaProcess(await db.connect(3), simulator, secretBox);
    await process1.onboarding.onboard(testEgsUnit(UNIT), simulator.otp);
    Logger.overrideLogger({ log: () => undefined, error: () => undefined, warn: () => undefined });
  });
  afterAll(async () => {
    Logger.overrideLogger(new ConsoleLogger());
    await simulator.stop();
    await db.close();
  });

  const wrongVat = (invoice: CanonicalInvoice): CanonicalInvoice => ({
    ...invoice,
    seller: { ...testSeller, vatNumber: WRONG_SELLER_VAT },
  });

  function payloadOf(invoice: CanonicalInvoice): ZatcaPayload {
    const mapped = process1.regime.map(invoice, {});
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
    return mapped.value.payload;
  }

  async function contextFor(number: string): Promise<SubmitContext> {
    const { submissionId, documentId } = await insertZatcaSubmission(dataSource, number);
    return submitContext({ submissionId, documentId, connectorInstance: 'jeddah-erp' });
  }

  const generations = (submissionId: string): Promise<GenerationRow[]> =>
    dataSource.query(
      `SELECT generation, icv, pih, uuid, invoice_hash, signed_xml, rejection,
              rejected_at IS NOT NULL AS rejected, superseded_at IS NOT NULL AS superseded
         FROM zatca_signed_invoice WHERE submission_id = $1 ORDER BY generation`,
      [submissionId],
    );

  /** A standard invoice sent with the wrong seller VAT number and refused by ZATCA. */
  async function rejectedStandard(number: string) {
    const context = await contextFor(number);
    const correct = testInvoice('standard', number, UNIT);
    const outcome = await process1.regime.submit(payloadOf(wrongVat(correct)), context);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'vat-number-mismatch' });
    const [rejected] = await generations(context.submissionId);
    return { context, corrected: payloadOf(correct), rejected };
  }

  /** What ZATCA recorded for these invoice UUIDs, in order. */
  const atZatca = (uuids: string[]) =>
    simulator.records.invoices
      .filter((record) => uuids.includes(record.uuid))
      .map((record) => [record.uuid, record.icv, record.status]);

  it('clears the corrected invoice as a new one in the next slot; the rejected copy stays stored', async () => {
    const { context, corrected, rejected } = await rejectedStandard('INV-8001');
    expect(rejected).toMatchObject({
      generation: 0,
      rejected: true,
      superseded: false,
      rejection: { code: 'vat-number-mismatch' },
    });

    const cleared = (await process1.regime.submit(corrected, { ...context, attempt: 2 })) as Registered;

    const ids = cleared.identifiers;
    expect(ids).toMatchObject({ zatcaStatus: 'CLEARED', zatcaIcv: rejected.icv + 1 });
    expect(ids.zatcaUuid).not.toBe(rejected.uuid);
    const [old, reissue] = await generations(context.submissionId);
    expect(old).toEqual({ ...rejected, superseded: true });
    expect(reissue).toMatchObject({
      generation: 1,
      icv: rejected.icv + 1,
      pih: rejected.invoice_hash,
      uuid: ids.zatcaUuid,
      invoice_hash: ids.zatcaHash,
      signed_xml: ids.signedInvoice,
      rejected: false,
      superseded: false,
    });
    expect(atZatca([rejected.uuid, ids.zatcaUuid!])).toEqual([
      [rejected.uuid, String(rejected.icv), 'NOT_CLEARED'],
      [ids.zatcaUuid, String(rejected.icv + 1), 'CLEARED'],
    ]);
    expect(await process1.chain.current(UNIT)).toEqual({
      lastIcv: rejected.icv + 1,
      lastHash: ids.zatcaHash,
    });
  });

  it('refuses a retry with nothing corrected: nothing sent, no slot taken, the rejection kept', async () => {
    const { context, rejected } = await rejectedStandard('INV-8002');
    const chainBefore = await process1.chain.current(UNIT);
    const sentBefore = simulator.records.invoices.length;

    const refused = await process2.regime
      .submit(payloadOf(wrongVat(testInvoice('standard', 'INV-8002', UNIT))), { ...context, attempt: 2 })
      .catch((e: unknown) => e);

    expect(refused).toMatchObject({ errorClass: 'rejected', options: { code: 'vat-number-mismatch' } });
    expect(simulator.records.invoices.length).toBe(sentBefore);
    expect(await process1.chain.current(UNIT)).toEqual(chainBefore);
    expect(await generations(context.submissionId)).toEqual([rejected]);
  });

  it('a crash while signing the re-issue takes no slot; the rerun signs and clears it once', async () => {
    const { context, corrected, rejected } = await rejectedStandard('INV-8003');
    const chainBefore = await process1.chain.current(UNIT);
    const crashing = process1.regimeWith({
      sign: (xml, credentials) => {
        signInvoice(xml, credentials);
        throw new Error('worker killed after signing, before the transaction committed');
      },
    });

    await expect(crashing.submit(corrected, { ...context, attempt: 2 })).rejects.toThrow('worker killed');
    expect(await process1.chain.current(UNIT)).toEqual(chainBefore);
    expect(await generations(context.submissionId)).toEqual([rejected]);

    const cleared = (await process2.regime.submit(corrected, { ...context, attempt: 3 })) as Registered;
    expect(cleared.identifiers).toMatchObject({ zatcaStatus: 'CLEARED', zatcaIcv: chainBefore!.lastIcv + 1 });
    expect((await generations(context.submissionId)).map((g) => g.generation)).toEqual([0, 1]);
    expect(atZatca([rejected.uuid, cleared.identifiers.zatcaUuid!]).map(([, , status]) => status)).toEqual([
      'NOT_CLEARED',
      'CLEARED',
    ]);
  });

  it('a 503 and then a lost answer during the re-issue resend that same re-issue: one cleared invoice', async () => {
    const { context, corrected, rejected } = await rejectedStandard('INV-8004');
    const inject = (fault: string) =>
      fetch(`${simulator.url}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/invoices/clearance/single', fault, count: 1 }),
      });

    expect((await inject('503')).status).toBe(201);
    const unavailable = await process1.regime.submit(corrected, { ...context, attempt: 2 }).catch((e) => e);
    expect(unavailable).toMatchObject({ errorClass: 'transient' });

    expect((await inject('drop-after-commit')).status).toBe(201);
    const lost = await process2.regime.submit(corrected, { ...context, attempt: 3 }).catch((e) => e);
    expect(lost).toBeInstanceOf(ComplianceError);
    expect(lost).toMatchObject({ errorClass: 'unknown-outcome' });

    const resolved = (await process1.regime.submit(corrected, {
      ...context,
      attempt: 4,
      outcomeUnknown: true,
    })) as Registered;

    expect(resolved).toMatchObject({ status: 'registered', adopted: true });
    const all = await generations(context.submissionId);
    expect(all.map((g) => [g.generation, g.icv])).toEqual([
      [0, rejected.icv],
      [1, rejected.icv + 1],
    ]);
    expect(resolved.identifiers).toMatchObject({ zatcaUuid: all[1].uuid, zatcaHash: all[1].invoice_hash });
    expect(atZatca(all.map((g) => g.uuid))).toEqual([
      [rejected.uuid, String(rejected.icv), 'NOT_CLEARED'],
      [all[1].uuid, String(rejected.icv + 1), 'CLEARED'],
    ]);
    expect((await process1.chain.current(UNIT))!.lastIcv).toBe(rejected.icv + 1);
  });

  it('two processes retrying the corrected invoice at once sign and clear one re-issue', async () => {
    const { context, corrected, rejected } = await rejectedStandard('INV-8005');

    const outcomes = (await Promise.all([
      process1.regime.submit(corrected, { ...context, attempt: 2 }),
      process2.regime.submit(corrected, { ...context, attempt: 2 }),
    ])) as Registered[];

    expect(outcomes.map((o) => o.status)).toEqual(['registered', 'registered']);
    expect(outcomes[0].identifiers.zatcaUuid).toBe(outcomes[1].identifiers.zatcaUuid);
    expect(outcomes.filter((o) => o.adopted)).toHaveLength(1);
    const all = await generations(context.submissionId);
    expect(all.map((g) => g.generation)).toEqual([0, 1]);
    expect(atZatca(all.map((g) => g.uuid)).filter(([, , status]) => status === 'CLEARED')).toEqual([
      [all[1].uuid, String(rejected.icv + 1), 'CLEARED'],
    ]);
  });

  it('re-issues a simplified invoice ZATCA refused to report; only the re-issue is reported next', async () => {
    const context = await contextFor('POS-8101');
    const correct = testInvoice('simplified', 'POS-8101', UNIT);
    const signed = (await process1.regime.submit(payloadOf(wrongVat(correct)), context)) as Registered;
    await storeRegisteredOutcome(dataSource, context.submissionId, signed, 'WRITTEN_BACK');
    expect(await process1.reporting.reportDue()).toMatchObject({ rejected: [context.submissionId] });
    const [rejected] = await generations(context.submissionId);
    expect(rejected).toMatchObject({ rejected: true, rejection: { code: 'vat-number-mismatch' } });

    const reissued = (await process1.regime.submit(payloadOf(correct), {
      ...context,
      attempt: 2,
    })) as Registered;
    expect(reissued.identifiers).toMatchObject({
      zatcaStatus: 'SIGNED_PENDING_REPORTING',
      zatcaIcv: rejected.icv + 1,
    });
    await storeRegisteredOutcome(dataSource, context.submissionId, reissued, 'WRITEBACK_PENDING');
    const reportedBefore = process1.client.reportedUuids.length;

    expect(await process1.reporting.reportDue()).toMatchObject({
      reported: [context.submissionId],
      rejected: [],
    });
    expect(process1.client.reportedUuids.slice(reportedBefore)).toEqual([reissued.identifiers.zatcaUuid]);
    expect(atZatca([rejected.uuid, reissued.identifiers.zatcaUuid!])).toEqual([
      [rejected.uuid, String(rejected.icv), 'NOT_REPORTED'],
      [reissued.identifiers.zatcaUuid, String(rejected.icv + 1), 'REPORTED'],
    ]);
    expect((await generations(context.submissionId)).map((g) => [g.generation, g.superseded])).toEqual([
      [0, true],
      [1, false],
    ]);
  });
});
