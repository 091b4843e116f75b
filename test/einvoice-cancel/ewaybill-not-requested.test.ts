/**
 * An instance that runs in-einvoice without in-ewaybill, goods over Rs 50,000 with transport details: the
 * IRN is requested without EwbDtls, so the IRP generates no e-way bill that nothing here would track,
 * extend or cancel; the submission carries EWB_NOT_REQUESTED telling the operator to make the bill. A bill
 * the operator then makes on the portal by the IRN blocks the IRN cancel (2230): the refusal names it and
 * says what to do. The real app (CSV connector) on the sandbox IRP and real PostgreSQL, over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { createEinvoiceProvider, type GspEinvoiceClient } from '../../src/regimes/in-einvoice';
import { InMemoryTokenStore } from '../../src/compliance/http';
import {
  documentDetail,
  readResultFile,
  SELLER_GSTIN,
  settledDocuments,
  startEinvoiceSandbox,
  type DocumentSummary,
} from '../einvoice-e2e/support';
import { providerConfig } from '../einvoice/sandbox-client-config';
import { json } from '../support/http';
import { eventually } from '../support/test-app';
import { cancelRequest, dropAndPull, startCancelApp, type CancelApp } from './support';

const FILE = 'goods-without-ewaybill-regime.csv';
const TRACKED = 'NOEWB/0001';
const PORTAL_BILL = 'NOEWB/0002';

describe('an instance without in-ewaybill: no untracked e-way bill from the IRP', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  let app: CancelApp;
  let docs: DocumentSummary[];

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    dataDir = mkdtempSync(join(tmpdir(), 'einvoice-no-ewb-'));
    app = await startCancelApp(sandbox, dataDir);
    // Rs 75,520 of goods each, a vehicle and 120 km given: the law asks for an e-way bill.
    await dropAndPull(app, FILE, [
      { number: TRACKED, vehicleNo: 'KA01AB4321' },
      { number: PORTAL_BILL, vehicleNo: 'KA01AB4322' },
    ]);
    docs = await settledDocuments(app.url, 2);
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const detailOf = (docNumber: string) =>
    documentDetail(app.url, docs.find((d) => d.docNumber === docNumber)!.id);

  it('registers the IRN without EwbDtls: no bill at the IRP, the operator told to make it', async () => {
    const [submission] = (await detailOf(TRACKED)).submissions;
    expect(submission).toMatchObject({ regime: 'in-einvoice', state: 'WRITTEN_BACK', ewbNo: null });
    const registration = sandbox.einvoice.irp.registry.find(submission.irn as string)!;
    expect(registration.status).toBe('ACT');
    expect(registration.ewayBill).toBeUndefined();
    expect(sandbox.einvoice.ewaybill.store.all().filter((bill) => bill.docNo === TRACKED)).toEqual([]);
    expect(submission.warnings).toContainEqual({
      code: 'EWB_NOT_REQUESTED',
      message: expect.stringMatching(
        /needs an e-way bill \(goods of 75520\.00 over 50000\.00, the legal threshold\).*does not run in-ewaybill.*generate it on the e-way bill portal/,
      ) as unknown,
    });
    const row = await eventually(() =>
      Promise.resolve(readResultFile(app.outbox, FILE).find((r) => r.InvoiceNo === TRACKED)),
    );
    expect(row).toMatchObject({ Irn: submission.irn, EwbNo: '' });
  });

  it('refuses the IRN cancel with what to do while a bill made on the portal by the IRN is active', async () => {
    const [submission] = (await detailOf(PORTAL_BILL)).submissions;
    const irn = submission.irn as string;
    const portal = createEinvoiceProvider(providerConfig(sandbox, 'A', { gstin: SELLER_GSTIN }), {
      tokenStore: new InMemoryTokenStore(),
    }) as GspEinvoiceClient;
    const bill = await portal.generateEwaybillByIrn({
      Irn: irn,
      Distance: 120,
      TransMode: '1',
      VehNo: 'KA01AB4322',
      VehType: 'R',
    });

    const res = await cancelRequest(
      submission.id as string,
      { reasonCode: '2', remark: 'wrong rate', operator: 'asha', reason: 'data entry mistake' },
      app.url,
    );
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.code).toBe('2230');
    expect(body.message).toContain(`IRN ${irn} has e-way bill ${bill.ewbNo} generated for it`);
    expect(body.message).toContain(
      'Cancel the e-way bill first on the e-way bill portal (within 24 hours of its generation), then cancel the IRN again',
    );
    expect(sandbox.einvoice.irp.registry.find(irn)?.status).toBe('ACT');
    expect((await detailOf(PORTAL_BILL)).submissions[0].state).toBe('WRITTEN_BACK');
  });
});
