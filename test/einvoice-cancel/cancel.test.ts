/**
 * Cancelling an IRN through the real API and the operator CLI, against the sandbox IRP: accepted within
 * 24 h (CANCELLED, audited, written to the result file), refused locally with NIC's own codes when the
 * window has passed (2270) or an e-way bill generated with the IRN is active (2230, confirmed with the
 * IRP's GETEWAYBILLIRN, the local record deciding when the IRP cannot be asked), the IRP's own refusal
 * forwarded, bad requests answered with field details.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GspEinvoiceClient } from '../../src/regimes/in-einvoice';
import { createEinvoiceProvider } from '../../src/regimes/in-einvoice';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { runCli } from '../cli/cli-harness';
import {
  documentDetail,
  injectFault,
  readResultFile,
  sandboxFaults,
  sandboxRegimeDefaults,
  SELLER_GSTIN,
  settledDocuments,
  startEinvoiceSandbox,
  type DocumentSummary,
} from '../einvoice-e2e/support';
import { json } from '../support/http';
import { eventually, TEST_API_KEY } from '../support/test-app';
import { cancelRequest, dropAndPull, startCancelApp, type CancelApp } from './support';

const OLD = 'CNL/OLD1';
const PLAIN_API = 'CNL/0001';
const PLAIN_CLI = 'CNL/0002';
const EWB_LATER = 'CNL/0003';
const EWB_ACTIVE = 'CNL/0004';
const EWB_CANCELLED = 'CNL/0005';
const EWB_UNASKABLE = 'CNL/0006';
const CURRENT_FILE = 'cancel-current.csv';

const operatorBody = (extra: Record<string, unknown> = {}) => ({
  reasonCode: '2',
  remark: 'wrong rate entered',
  operator: 'asha',
  reason: 'data entry mistake on the invoice',
  ...extra,
});

describe('cancelling an IRN through the API and the CLI, against the sandbox IRP', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  let t: CancelApp;
  let docs: DocumentSummary[];

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    dataDir = mkdtempSync(join(tmpdir(), 'einvoice-cancel-'));
    t = await startCancelApp(sandbox, dataDir);
    // Registered 25 hours ago by the IRP's clock: past the cancel window.
    sandbox.clock.set(new Date(Date.now() - 25 * 3600_000));
    await dropAndPull(t, 'cancel-old.csv', [{ number: OLD }]);
    await settledDocuments(t.url, 1);
    sandbox.clock.reset();
    await dropAndPull(t, CURRENT_FILE, [
      { number: PLAIN_API },
      { number: PLAIN_CLI },
      { number: EWB_LATER },
      { number: EWB_ACTIVE, vehicleNo: 'KA01AB1234' },
      { number: EWB_CANCELLED, vehicleNo: 'KA01AB1235' },
      { number: EWB_UNASKABLE, vehicleNo: 'KA01AB1236' },
    ]);
    docs = await settledDocuments(t.url, 7);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function submissionOf(docNumber: string): { id: string; irn: string } {
    const doc = docs.find((d) => d.docNumber === docNumber);
    if (!doc) throw new Error(`no document ${docNumber}`);
    expect(doc.submissions[0].state).toBe('WRITTEN_BACK');
    return { id: doc.submissions[0].id, irn: doc.submissions[0].irn! };
  }

  async function detailOf(docNumber: string) {
    return documentDetail(t.url, docs.find((d) => d.docNumber === docNumber)!.id);
  }

  function irpStatus(irn: string): string | undefined {
    return sandbox.einvoice.irp.registry.find(irn)?.status;
  }

  /** The e-way bill the IRP generated with the IRN, as the app recorded it on the submission. */
  async function recordedEwbNo(docNumber: string): Promise<string> {
    const submission = (await detailOf(docNumber)).submissions[0];
    expect(submission.ewbNo).toMatch(/^\d{12}$/);
    expect(submission.identifiers.ewbNo).toBe(submission.ewbNo);
    return submission.ewbNo as string;
  }

  describe('through the API', () => {
    it('cancels within 24 h: CANCELLED at the IRP and here, audited, the result row says CANCELLED', async () => {
      const { id, irn } = submissionOf(PLAIN_API);
      const res = await cancelRequest(id, operatorBody(), t.url);
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({ id, state: 'CANCELLED', irn });

      const registration = sandbox.einvoice.irp.registry.find(irn)!;
      expect(registration).toMatchObject({
        status: 'CNL',
        cancelReason: '2',
        cancelRemark: 'wrong rate entered',
      });
      const detail = await detailOf(PLAIN_API);
      expect(detail.submissions[0].response.cancelDate).toBe(registration.cancelDate);
      expect(detail.audit).toContainEqual(
        expect.objectContaining({
          action: 'operator-cancel',
          actor: 'operator:asha',
          reason: 'data entry mistake on the invoice',
          toState: 'CANCELLED',
          details: { reasonCode: '2', remark: 'wrong rate entered', alreadyCancelled: false },
        }),
      );
      const row = await eventually(() => {
        const found = readResultFile(t.outbox, CURRENT_FILE).find((r) => r.InvoiceNo === PLAIN_API);
        return Promise.resolve(found?.Status === 'in-einvoice: CANCELLED' ? found : undefined);
      });
      expect(row).toMatchObject({ Irn: irn, ErrorCode: '' });
      const told = await eventually(async () =>
        (await detailOf(PLAIN_API)).audit.find((event: { action: string }) =>
          event.action.endsWith('-written-back'),
        ),
      );
      expect(told).toMatchObject({ action: 'cancellation-written-back', submissionId: id });
    });

    it('refuses a second cancel with 409 and sends nothing', async () => {
      const { id, irn } = submissionOf(PLAIN_API);
      const before = sandbox.einvoice.irp.registry.find(irn)!.cancelDate;
      const res = await cancelRequest(id, operatorBody({ reasonCode: '1' }), t.url);
      expect(res.status).toBe(409);
      expect((await json(res)).message).toContain('this one is CANCELLED');
      expect(sandbox.einvoice.irp.registry.find(irn)).toMatchObject({
        cancelDate: before,
        cancelReason: '2',
      });
    });

    it('refuses locally with 2270 once 24 h have passed since the acknowledgement', async () => {
      const { id, irn } = submissionOf(OLD);
      const res = await cancelRequest(id, operatorBody(), t.url);
      expect(res.status).toBe(409);
      const body = await json(res);
      expect(body.code).toBe('2270');
      expect(body.message).toMatch(
        /^the IRN can be cancelled only within 24 hours of .+ \(IST\); issue a credit note instead$/,
      );
      expect(irpStatus(irn)).toBe('ACT');
      expect((await detailOf(OLD)).submissions[0].state).toBe('WRITTEN_BACK');
    });

    it('refuses locally with 2230 while the e-way bill generated with the IRN is active (the IRP says ACT)', async () => {
      const { id, irn } = submissionOf(EWB_ACTIVE);
      const ewbNo = await recordedEwbNo(EWB_ACTIVE);
      const res = await cancelRequest(id, operatorBody(), t.url);
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({
        code: '2230',
        message: `e-way bill ${ewbNo} generated with this IRN is active (the IRP reports ACT): cancel the e-way bill first, then the IRN`,
      });
      expect(irpStatus(irn)).toBe('ACT');
      expect((await detailOf(EWB_ACTIVE)).submissions[0].state).toBe('WRITTEN_BACK');
    });

    it('cancels once the IRP reports the e-way bill cancelled, and audits what it said', async () => {
      const { id, irn } = submissionOf(EWB_CANCELLED);
      const ewbNo = await recordedEwbNo(EWB_CANCELLED);
      expect(sandbox.einvoice.irp.cancelEwayBill(Number(ewbNo))).toBe(true);
      const res = await cancelRequest(id, operatorBody({ reasonCode: '3' }), t.url);
      expect(res.status).toBe(200);
      expect((await json(res)).state).toBe('CANCELLED');
      expect(irpStatus(irn)).toBe('CNL');
      const audit = (await detailOf(EWB_CANCELLED)).audit.find(
        (entry: { action: string }) => entry.action === 'operator-cancel',
      );
      expect(audit.details.ewaybill).toEqual({ ewbNo, irpStatus: 'CNL' });
    });

    it('refuses with 2230 on the local record when the IRP cannot be asked about the e-way bill', async () => {
      const { id, irn } = submissionOf(EWB_UNASKABLE);
      const ewbNo = await recordedEwbNo(EWB_UNASKABLE);
      // Cancelled at the IRP: had the lookup answered, the cancel would have gone through.
      expect(sandbox.einvoice.irp.cancelEwayBill(Number(ewbNo))).toBe(true);
      await injectFault(sandbox, '503', 2, 'GETEWAYBILLIRN');
      const res = await cancelRequest(id, operatorBody(), t.url);
      expect(res.status).toBe(409);
      const body = await json(res);
      expect(body.code).toBe('2230');
      expect(body.message).toContain(
        `e-way bill ${ewbNo} was generated with this IRN and is not known to be cancelled`,
      );
      expect(body.message).toContain('the IRP could not be asked');
      const faults = await sandboxFaults(sandbox);
      expect(faults.pending).toEqual([]);
      expect(faults.applied.filter((f) => f.url.includes('GETEWAYBILLIRN'))).toHaveLength(2);
      expect(irpStatus(irn)).toBe('ACT');
    });

    it("forwards the IRP's own refusal (422 with its code) for an e-way bill generated elsewhere", async () => {
      const { id, irn } = submissionOf(EWB_LATER);
      const direct = createEinvoiceProvider({
        ...(sandboxRegimeDefaults(sandbox)['in-einvoice'] as object),
        gstin: SELLER_GSTIN,
      } as Parameters<typeof createEinvoiceProvider>[0]) as GspEinvoiceClient;
      await direct.generateEwaybillByIrn({ Irn: irn, Distance: 80, TransMode: '1', VehNo: 'KA05MN4321' });

      const res = await cancelRequest(id, operatorBody(), t.url);
      expect(res.status).toBe(422);
      const body = await json(res);
      expect(body.code).toBe('2230');
      expect(body.message).toMatch(/^2230: .*cancel the e-way bill first/);
      expect(irpStatus(irn)).toBe('ACT');
      expect((await detailOf(EWB_LATER)).submissions[0].state).toBe('WRITTEN_BACK');
    });

    it('answers 400 with field details for a bad reason code and a missing remark', async () => {
      const { id } = submissionOf(EWB_LATER);
      const { remark: _remark, ...withoutRemark } = operatorBody({ reasonCode: '7' });
      const res = await cancelRequest(id, withoutRemark, t.url);
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.message).toBe('request validation failed');
      const paths = (body.errors as { path: string; rule: string }[]).map((e) => `${e.path}:${e.rule}`);
      expect(paths).toEqual(expect.arrayContaining(['reasonCode:isIn', 'remark:isString']));
    });
  });

  describe('through the CLI', () => {
    const env = () => ({ CONNECTOR_URL: t.url, CONNECTOR_API_KEY: TEST_API_KEY });
    const cancelArgs = (id: string) => [
      'cancel',
      id,
      '--reason-code',
      '4',
      '--remark',
      'duplicate entry in books',
      '--operator',
      'ravi',
      '--reason',
      'books clean-up',
    ];

    it('cancels and prints the new state, the IRN and the cancel date', async () => {
      const { id, irn } = submissionOf(PLAIN_CLI);
      const out = await runCli(cancelArgs(id), { env: env() });
      expect(out.stderr).toBe('');
      expect(out.code).toBe(0);
      const cancelDate = sandbox.einvoice.irp.registry.find(irn)!.cancelDate;
      expect(out.stdout).toBe(
        `cancellation of submission ${id} accepted: now CANCELLED (IRN ${irn}, cancelled ${cancelDate})\n`,
      );
    });

    it('prints the code with the message of a local refusal (2270, 2230)', async () => {
      const late = await runCli(cancelArgs(submissionOf(OLD).id), { env: env() });
      expect(late.code).toBe(1);
      expect(late.stdout).toBe('');
      expect(late.stderr).toMatch(
        /^error: HTTP 409 \(code 2270\): the IRN can be cancelled only within 24 hours of /,
      );

      const ewbNo = await recordedEwbNo(EWB_ACTIVE);
      const active = await runCli(cancelArgs(submissionOf(EWB_ACTIVE).id), { env: env() });
      expect(active.code).toBe(1);
      expect(active.stderr).toBe(
        `error: HTTP 409 (code 2230): e-way bill ${ewbNo} generated with this IRN is active (the IRP reports ACT): cancel the e-way bill first, then the IRN\n`,
      );
    });

    it("prints the IRP's own refusal with its code", async () => {
      const out = await runCli(cancelArgs(submissionOf(EWB_LATER).id), { env: env() });
      expect(out.code).toBe(1);
      expect(out.stderr).toMatch(/^error: HTTP 422 \(code 2230\): 2230: /);
    });
  });
});
