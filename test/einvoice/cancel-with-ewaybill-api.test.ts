/**
 * An IRN whose e-way bill is active cannot be cancelled (2230). This instance runs no in-ewaybill, so its
 * IRNs go without EwbDtls; the bill here is the one the operator made on the portal by the IRN. Where the
 * connector instance configures the e-way bill API, the operator's cancel goes through: the e-way bill
 * the IRP names for the IRN is cancelled first (catalog A e-way bill API, /ewaybillapi/v1.03/ewayapi/
 * canewb), then the IRN. The real app on the sandbox IRP and real PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { createEinvoiceProvider, type GspEinvoiceClient } from '../../src/regimes/in-einvoice';
import {
  documentDetail,
  SANDBOX_ACCOUNT,
  sandboxRegimeDefaults,
  SELLER_GSTIN,
  settledDocuments,
  startEinvoiceSandbox,
} from '../einvoice-e2e/support';
import { cancelRequest, dropAndPull, startCancelApp, type CancelApp } from '../einvoice-cancel/support';
import { json } from '../support/http';
import { eventually } from '../support/test-app';

describe('cancelling an IRN with an active e-way bill, the e-way bill API configured', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  let app: CancelApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    dataDir = mkdtempSync(join(tmpdir(), 'einvoice-cancel-ewb-'));
    app = await startCancelApp(sandbox, dataDir, {
      ewaybill: {
        catalog: 'A',
        baseUrl: sandbox.urls.einvoiceGsp,
        clientId: SANDBOX_ACCOUNT.clientId,
        clientSecret: SANDBOX_ACCOUNT.clientSecret,
        username: SANDBOX_ACCOUNT.username,
        password: SANDBOX_ACCOUNT.password,
        gstin: SELLER_GSTIN,
        email: 'ops@example.test',
        http: { maxAttempts: 2, backoffBaseMs: 20, backoffMaxMs: 40 },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('cancels the e-way bill, then the IRN: both CNL at the IRP, CANCELLED here', async () => {
    await dropAndPull(app, 'ewb.csv', [{ number: 'EWB/CNL/1', vehicleNo: 'KA01AB9999' }]);
    const [doc] = await settledDocuments(app.url, 1);
    const submission = doc.submissions[0];
    const irn = submission.irn!;
    expect((await documentDetail(app.url, doc.id)).submissions[0].ewbNo).toBeNull();
    const portal = createEinvoiceProvider({
      ...(sandboxRegimeDefaults(sandbox)['in-einvoice'] as object),
      gstin: SELLER_GSTIN,
    } as Parameters<typeof createEinvoiceProvider>[0]) as GspEinvoiceClient;
    const bill = await portal.generateEwaybillByIrn({
      Irn: irn,
      Distance: 120,
      TransMode: '1',
      VehNo: 'KA01AB9999',
    });
    expect(bill.ewbNo).toMatch(/^\d{12}$/);
    expect(sandbox.einvoice.irp.registry.find(irn)?.ewayBill?.status).toBe('ACT');

    const res = await cancelRequest(
      submission.id,
      { reasonCode: '2', remark: 'wrong rate entered', operator: 'asha', reason: 'data entry mistake' },
      app.url,
    );
    expect(res.status).toBe(200);
    expect((await json(res)).state).toBe('CANCELLED');
    expect(sandbox.einvoice.irp.registry.find(irn)?.status).toBe('CNL');
    expect(sandbox.einvoice.irp.registry.find(irn)?.ewayBill?.status).toBe('CNL');
    const detail = await documentDetail(app.url, doc.id);
    const cancel = (detail.audit as { action: string; details?: Record<string, unknown> }[]).find(
      (event) => event.action === 'operator-cancel',
    );
    expect(cancel?.details).toMatchObject({ reasonCode: '2', alreadyCancelled: false });
    // The cancellation is written back before the app closes.
    await eventually(async () =>
      ((await documentDetail(app.url, doc.id)).audit as { action: string }[]).find(
        (event) => event.action === 'cancellation-written-back',
      ),
    );
  });
});
