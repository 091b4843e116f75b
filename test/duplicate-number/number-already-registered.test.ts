/**
 * Two ERP documents with one document number (a voucher deleted and re-entered, an unmatched edit that
 * made a new one): the sandbox IRP registers the first and answers the second with 2150 and the first
 * one's IRN. The second must end REJECTED, naming the document that holds the number, never adopt that
 * IRN (the unique index used to roll the whole batch back, leaving every submission SUBMITTING), and every
 * other document of the batch goes on. In one batch and in two.
 */
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import type { CanonicalInvoice } from '../../src/domain/canonical-invoice';
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  sandboxRecords,
  sandboxRegimeDefaults,
  SELLER_GSTIN,
  startEinvoiceSandbox,
} from '../einvoice-e2e/support';
import { json, postSignedWebhook, type Json } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-duplicate-0123456789abcdef0123456';
const SETTLED = ['WRITTEN_BACK', 'REJECTED', 'MAPPING_FAILED'];

function invoice(documentNumber: string, externalId: string, quantity = '2'): Json {
  const base: CanonicalInvoice = sampleIndiaInvoice({
    documentNumber,
    documentDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
  });
  base.seller.gstin = SELLER_GSTIN;
  base.lines[0].quantity = quantity;
  return { ...base, externalId };
}

describe('a document number already registered for another document', () => {
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

  async function push(...documents: Json[]): Promise<Record<string, string>> {
    const res = await postSignedWebhook(t.url, 'shop', SECRET, JSON.stringify({ documents }));
    expect(res.status).toBe(202);
    const answer = await json(res);
    expect(answer.accepted).toHaveLength(documents.length);
    return Object.fromEntries(answer.accepted.map((a: Json) => [a.erpId, a.documentId]));
  }

  async function settled(documentId: string): Promise<Json> {
    return eventually(async () => {
      const res = await fetch(`${t.url}/documents/${documentId}`, { headers: { 'x-api-key': TEST_API_KEY } });
      const body = await json(res);
      return SETTLED.includes(body.submissions[0].state) ? body.submissions[0] : undefined;
    }, 30_000);
  }

  it('in one batch: one registered, the other REJECTED naming it, the rest of the batch registered', async () => {
    const ids = await push(
      invoice('DUP/0001', 'order-a'),
      invoice('DUP/0001', 'order-b', '3'),
      invoice('DUP/0002', 'order-c'),
    );
    const [a, b, c] = await Promise.all([
      settled(ids['order-a']),
      settled(ids['order-b']),
      settled(ids['order-c']),
    ]);
    expect(c.state).toBe('WRITTEN_BACK');
    const states = [a.state, b.state].sort();
    expect(states).toEqual(['REJECTED', 'WRITTEN_BACK']);
    const [kept, refused, keptErpId] = a.state === 'WRITTEN_BACK' ? [a, b, 'order-a'] : [b, a, 'order-b'];
    // irn is the IRN the IRP issued to this document: none. The one computed locally is expectedIrn.
    expect(refused).toMatchObject({ errorClass: 'rejected', irn: null, ackNo: null, expectedIrn: kept.irn });
    expect(refused.identifiers).not.toHaveProperty('irn');
    expect(kept.expectedIrn).toBe(kept.irn);
    expect(refused.errorMessage).toContain(`number DUP/0001 already registered for document ${keptErpId}`);
    expect(refused.errorMessage).toContain(kept.irn);

    const registrations = (await sandboxRecords(sandbox)).filter((r) => r.docNo === 'DUP/0001');
    expect(registrations).toHaveLength(1);
    expect(registrations[0].irn).toBe(kept.irn);
  });

  it('in two batches: the second document of the number ends REJECTED naming the first', async () => {
    const first = await push(invoice('DUP/0100', 'voucher-1'));
    const registered = await settled(first['voucher-1']);
    expect(registered.state).toBe('WRITTEN_BACK');

    const second = await push(
      invoice('DUP/0100', 'voucher-1-reentered', '4'),
      invoice('DUP/0101', 'voucher-2'),
    );
    const refused = await settled(second['voucher-1-reentered']);
    expect(refused.state).toBe('REJECTED');
    expect(refused.errorCode).toBe('2150');
    expect(refused.errorMessage).toContain('number DUP/0100 already registered for document voucher-1');
    expect((await settled(second['voucher-2'])).state).toBe('WRITTEN_BACK');

    const list = await json(
      await fetch(`${t.url}/documents?state=REJECTED&docNumber=DUP/0100`, {
        headers: { 'x-api-key': TEST_API_KEY },
      }),
    );
    expect(list.items.map((d: Json) => d.erpId)).toEqual(['voucher-1-reentered']);
    const holder = await json(
      await fetch(`${t.url}/documents/${first['voucher-1']}`, { headers: { 'x-api-key': TEST_API_KEY } }),
    );
    expect(holder.submissions[0].state).toBe('WRITTEN_BACK');
  });
});
