/**
 * A webhook document stored as MAPPING_FAILED can be fixed where the tax team works: an override on the
 * canonical path its field error names completes the document as sent, and a retry registers it at the
 * sandbox IRP. An override that fixes only part of it leaves the remaining field errors, and only those.
 */
import { SAMPLE_BUYER_GSTIN, sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  sandboxRecords,
  sandboxRegimeDefaults,
  SELLER_GSTIN,
  startEinvoiceSandbox,
} from '../einvoice-e2e/support';
import { json, postSignedWebhook, type Json } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-draft-0123456789abcdef0123456789ab';
const OPERATOR = { operator: 'asha', reason: 'GSTIN from the purchase order' };

describe('overrides complete a webhook document that could not be read', () => {
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

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-api-key': TEST_API_KEY },
    });

  async function submissionOf(documentId: string, state: string): Promise<Json> {
    return eventually(async () => {
      const detail = await json(await call(`/documents/${documentId}`));
      return detail.submissions[0].state === state ? detail.submissions[0] : undefined;
    }, 30_000);
  }

  async function overrideAndRetry(documentId: string, overrides: Record<string, unknown>): Promise<void> {
    const patched = await call(`/documents/${documentId}/overrides`, {
      method: 'PATCH',
      body: JSON.stringify({ overrides, ...OPERATOR }),
    });
    expect(patched.status).toBe(200);
    const detail = await json(patched);
    const retried = await call('/submissions/retry', {
      method: 'POST',
      body: JSON.stringify({ ids: [detail.submissions[0].id], ...OPERATOR }),
    });
    expect((await json(retried)).retried).toHaveLength(1);
  }

  it('registers the document once its field errors are overridden', async () => {
    const invoice = sampleIndiaInvoice({
      documentNumber: 'DRAFT/0001',
      documentDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    }) as Json;
    invoice.seller.gstin = SELLER_GSTIN;
    invoice.buyer.gstin = '29AAFCM5678Q1ZX';
    invoice.lines[0].hsnCode = '9403109';
    const pushed = await json(
      await postSignedWebhook(
        t.url,
        'shop',
        SECRET,
        JSON.stringify({ ...invoice, externalId: 'order-draft-1' }),
      ),
    );
    const { documentId, errors } = pushed.rejected[0];
    expect(errors.map((e: Json) => e.path).sort()).toEqual(['buyer.gstin', 'lines[0].hsnCode']);
    await submissionOf(documentId, 'MAPPING_FAILED');

    await overrideAndRetry(documentId, { 'buyer.gstin': SAMPLE_BUYER_GSTIN });
    const partly = await eventually(async () => {
      const submission = await submissionOf(documentId, 'MAPPING_FAILED');
      return submission.fieldErrors.length === 1 ? submission : undefined;
    });
    expect(partly.fieldErrors).toEqual([expect.objectContaining({ path: 'lines[0].hsnCode' })]);

    await overrideAndRetry(documentId, { 'lines[0].hsnCode': '94031090' });
    const registered = await submissionOf(documentId, 'WRITTEN_BACK');
    const [record] = (await sandboxRecords(sandbox)).filter((r) => r.docNo === 'DRAFT/0001');
    expect(record).toMatchObject({ irn: registered.irn, buyerGstin: SAMPLE_BUYER_GSTIN });
    const detail = await json(await call(`/documents/${documentId}`));
    expect(detail.effectiveCanonical.buyer.gstin).toBe(SAMPLE_BUYER_GSTIN);
  });
});
