/**
 * A webhook document with field errors is a document: stored as MAPPING_FAILED with its field errors
 * (canonical paths, as for CSV), visible in the failure queue, answered 202 with the per-item errors; a
 * corrected post of the same document replaces it and goes on. Only a body with nothing that can be told
 * apart is refused with 400.
 */
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { json, postSignedWebhook, type Json } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-fielderrors-0123456789abcdef012345';

describe('webhook documents with field errors', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      connectors: [{ name: 'hook', kind: 'webhook', regimes: ['in-einvoice'], config: { secret: SECRET } }],
      roles: ['api'],
    });
  });
  afterAll(() => t?.close());

  const get = async (path: string): Promise<Json> =>
    json(await fetch(`${t.url}${path}`, { headers: { 'x-api-key': TEST_API_KEY } }));

  it('stores the document as MAPPING_FAILED with its errors and answers 202 naming it', async () => {
    const bad = { ...sampleIndiaInvoice({ documentNumber: 'FE/0001' }), externalId: 'order-fe-1' } as Json;
    bad.buyer.gstin = '29AAFCM5678Q1ZX';
    delete bad.lines[0].hsnCode;
    const good = sampleIndiaInvoice({ documentNumber: 'FE/0002' });
    const res = await postSignedWebhook(t.url, 'hook', SECRET, JSON.stringify({ documents: [bad, good] }));
    expect(res.status).toBe(202);
    const answer = await json(res);
    expect(answer.accepted).toEqual([expect.objectContaining({ index: 1, result: 'created' })]);
    expect(answer.rejected).toHaveLength(1);
    const [rejected] = answer.rejected;
    expect(rejected).toMatchObject({
      index: 0,
      erpId: 'order-fe-1',
      result: 'created',
      state: 'MAPPING_FAILED',
      documentId: expect.any(String),
    });
    const paths = rejected.errors.map((e: Json) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['buyer.gstin', 'lines[0].hsnCode']));

    const queue = await get('/documents?state=MAPPING_FAILED&docNumber=FE/0001');
    expect(queue.items.map((d: Json) => d.id)).toEqual([rejected.documentId]);
    const detail = await get(`/documents/${rejected.documentId}`);
    expect(detail).toMatchObject({ erpId: 'order-fe-1', docNumber: 'FE/0001', canonical: null });
    expect(detail.normalisationErrors).toEqual(rejected.errors);
    expect(detail.submissions).toEqual([
      expect.objectContaining({
        regime: 'in-einvoice',
        state: 'MAPPING_FAILED',
        fieldErrors: rejected.errors,
      }),
    ]);

    const fixed = { ...sampleIndiaInvoice({ documentNumber: 'FE/0001' }), externalId: 'order-fe-1' };
    const again = await json(await postSignedWebhook(t.url, 'hook', SECRET, JSON.stringify(fixed)));
    expect(again.accepted).toEqual([
      expect.objectContaining({ documentId: rejected.documentId, result: 'updated' }),
    ]);
    const updated = await eventually(async () => {
      const body = await get(`/documents/${rejected.documentId}`);
      return body.submissions[0].state === 'RECEIVED' ? body : undefined;
    });
    expect(updated.canonical.buyer.gstin).toBe(fixed.buyer.gstin);
    expect(updated.normalisationErrors).toBeNull();
  });

  it('without an externalId, stores a document its seller, type, number and date identify', async () => {
    const bad = sampleIndiaInvoice({ documentNumber: 'FE/0003' }) as Json;
    bad.lines[0].taxRate = '17';
    const answer = await json(await postSignedWebhook(t.url, 'hook', SECRET, JSON.stringify(bad)));
    expect(answer.rejected[0]).toMatchObject({
      erpId: `${bad.seller.gstin}:INV:FE/0003:2024-25`,
      state: 'MAPPING_FAILED',
      errors: [expect.objectContaining({ path: 'lines[0].taxRate', rule: 'gstRate.notNotified' })],
    });
  });

  it('answers 400 only when nothing in the body can be told apart', async () => {
    const nameless = sampleIndiaInvoice() as Json;
    delete nameless.documentNumber;
    const res = await postSignedWebhook(t.url, 'hook', SECRET, JSON.stringify({ documents: [nameless, 42] }));
    expect(res.status).toBe(400);
    const answer = await json(res);
    expect(answer.rejected.map((r: Json) => r.index)).toEqual([0, 1]);
    expect(answer.rejected[0].errors).toContainEqual(expect.objectContaining({ path: 'documentNumber' }));
    expect(answer.rejected[0]).not.toHaveProperty('documentId');
  });
});
