/**
 * A service line needs no quantity or unit (NIC requires Qty/Unit for goods only): an ERP posting a
 * service line without them is registered at the sandbox IRP, and the item it sent carries neither.
 */
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { sandboxRegimeDefaults, SELLER_GSTIN, startEinvoiceSandbox } from '../einvoice-e2e/support';
import { json, postSignedWebhook } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-service-0123456789abcdef0123456789';

describe('a service line without quantity or unit', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    t = await startTestApp({
      regimeDefaults: sandboxRegimeDefaults(sandbox),
      connectors: [
        {
          name: 'shop',
          kind: 'webhook',
          regimes: ['in-einvoice'],
          config: { secret: SECRET },
          regimeSettings: { 'in-einvoice': { gstin: SELLER_GSTIN } },
        },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
  });

  it('is accepted and registered at the IRP with no Qty or Unit on the item', async () => {
    const invoice = sampleIndiaInvoice({
      documentNumber: 'SVC/0001',
      documentDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    });
    invoice.seller.gstin = SELLER_GSTIN;
    const service = invoice.lines[2];
    expect(service.isService).toBe(true);
    delete service.quantity;
    delete service.unit;

    const pushed = await postSignedWebhook(t.url, 'shop', SECRET, JSON.stringify(invoice));
    expect(pushed.status).toBe(202);
    const answer = await json(pushed);
    expect(answer.rejected).toEqual([]);
    const documentId: string = answer.accepted[0].documentId;

    const detail = await eventually(async () => {
      const res = await fetch(`${t.url}/documents/${documentId}`, { headers: { 'x-api-key': TEST_API_KEY } });
      const body = await json(res);
      return ['REGISTERED', 'WRITTEN_BACK'].includes(body.submissions[0].state) ? body : undefined;
    }, 30_000);
    const sent = detail.submissions[0].requestPayload.ItemList;
    expect(sent[2]).toMatchObject({ SlNo: '3', IsServc: 'Y', UnitPrice: 3500 });
    expect(sent[2]).not.toHaveProperty('Qty');
    expect(sent[2]).not.toHaveProperty('Unit');
    expect(sent[0]).toMatchObject({ Qty: 2, Unit: 'NOS' });
  });
});
