/**
 * An operator fixes what the real IRN mapper refused: two CSV invoices fail mapping (an all-zero HSN,
 * NIC 2176; the seller's own GSTIN as buyer, NIC 2211), the operator overrides the canonical path the
 * field error names through the API, retries, and the IRP registers the corrected invoices: the
 * sandbox's stored invoice carries the corrected values, each document reached it exactly once, and
 * the override is in the audit trail with who and why.
 */
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  api,
  CONNECTOR,
  documentDetail,
  generateRequestsByDocument,
  sandboxRecords,
  SELLER_GSTIN,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from '../einvoice-e2e/support';
import { json, type Json } from '../support/http';
import { sampleDocumentRows, writeCsv } from './sample-csv';

const SAMPLE_DOCUMENT = 'DFT/2627/0451';
const BAD_HSN_DOCUMENT = 'DFT/2627/H001';
const SELF_BUYER_DOCUMENT = 'DFT/2627/G001';
const RIGHT_HSN = '73181500';
const RIGHT_BUYER = '29AAFCM7314Q1ZT';
const OPERATOR = { operator: 'asha', reason: 'corrected from the purchase order' };

interface FieldError {
  path: string;
  authorityPath?: string;
  nicCode?: string;
}

describe('operator override -> real IRN mapper -> sandbox IRP', () => {
  let sandbox: RunningSandbox;
  let t: E2eApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    t = await startE2eApp({ sandbox });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
  });

  async function fixAndRetry(documentId: string, overrides: Record<string, unknown>): Promise<void> {
    const patched = await api(t.url, `/documents/${documentId}/overrides`, {
      method: 'PATCH',
      body: JSON.stringify({ overrides, ...OPERATOR }),
    });
    expect(patched.status).toBe(200);
    const detail: Json = await json(patched);
    const retried = await api(t.url, '/submissions/retry', {
      method: 'POST',
      body: JSON.stringify({ ids: [detail.submissions[0].id], ...OPERATOR }),
    });
    expect(retried.status).toBe(200);
    expect((await json(retried)).retried).toHaveLength(1);
  }

  it('registers both invoices with the corrected values after override and retry', async () => {
    const badHsn = sampleDocumentRows(SAMPLE_DOCUMENT, BAD_HSN_DOCUMENT);
    badHsn[0].HSN = '00000000';
    const selfBuyer = sampleDocumentRows(SAMPLE_DOCUMENT, SELF_BUYER_DOCUMENT, { BuyerGSTIN: SELLER_GSTIN });
    writeCsv(t.inbox, 'sales-fix-2026-11.csv', [...badHsn, ...selfBuyer]);
    const pulled = await api(t.url, `/connectors/${CONNECTOR}/pull`, { method: 'POST' });
    expect(pulled.status).toBe(202);

    const failed = await settledDocuments(t.url, 2);
    expect(failed.map((d) => d.submissions[0].state)).toEqual(['MAPPING_FAILED', 'MAPPING_FAILED']);
    const idOf = (docNumber: string) => failed.find((d) => d.docNumber === docNumber)!.id;

    const fixes = [
      {
        docNumber: BAD_HSN_DOCUMENT,
        nicCode: '2176',
        canonicalPath: 'lines[0].hsnCode',
        authorityPath: 'ItemList[0].HsnCd',
        value: RIGHT_HSN,
      },
      {
        docNumber: SELF_BUYER_DOCUMENT,
        nicCode: '2211',
        canonicalPath: 'buyer.gstin',
        authorityPath: 'BuyerDtls.Gstin',
        value: RIGHT_BUYER,
      },
    ];
    for (const fix of fixes) {
      const detail = await documentDetail(t.url, idOf(fix.docNumber));
      const errors = detail.submissions[0].fieldErrors as FieldError[];
      const named = errors.find((e) => e.nicCode === fix.nicCode);
      // The canonical path (what an override names) is the path; NIC's is the authority's path.
      expect(named).toMatchObject({ path: fix.canonicalPath, authorityPath: fix.authorityPath });
      await fixAndRetry(idOf(fix.docNumber), { [named!.path]: fix.value });
    }

    const registered = await settledDocuments(t.url, 2);
    expect(registered.map((d) => d.submissions[0].state)).toEqual(['WRITTEN_BACK', 'WRITTEN_BACK']);

    const records = await sandboxRecords(sandbox);
    const stored = (docNumber: string) => records.find((r) => r.docNo === docNumber)!;
    const hsnInvoice = stored(BAD_HSN_DOCUMENT).invoice as Json;
    expect(hsnInvoice.ItemList.map((item: Json) => item.HsnCd)).toEqual([RIGHT_HSN, badHsn[1].HSN]);
    expect(stored(SELF_BUYER_DOCUMENT).buyerGstin).toBe(RIGHT_BUYER);
    expect((stored(SELF_BUYER_DOCUMENT).invoice as Json).BuyerDtls.Gstin).toBe(RIGHT_BUYER);

    const generates = await generateRequestsByDocument(sandbox);
    for (const { docNumber } of fixes) {
      expect([docNumber, generates.get(docNumber)?.map((r) => r.registered)]).toEqual([docNumber, [true]]);
    }

    for (const fix of fixes) {
      const detail = await documentDetail(t.url, idOf(fix.docNumber));
      const audit = detail.audit as { action: string; actor: string; reason: string; details: Json }[];
      expect(audit.find((a) => a.action === 'operator-override')).toMatchObject({
        actor: `operator:${OPERATOR.operator}`,
        reason: OPERATOR.reason,
        details: { overrides: { [fix.canonicalPath]: fix.value } },
      });
      const actions = audit.map((a) => a.action);
      expect(actions.indexOf('operator-override')).toBeLessThan(actions.indexOf('operator-retry'));
      expect(detail.submissions[0].irn).toBe(stored(fix.docNumber).irn);
    }
  });
});
