/**
 * Overrides are checked when the operator enters them: a path that is not a canonical field (a NIC
 * payload path is answered with its canonical source), a misspelt field or a malformed value is refused
 * with the field errors, and nothing is stored; a document that never became an invoice has nothing to
 * override; a registered invoice is refused (409) with what to do instead (cancel, credit note). A valid
 * override on an invoice not yet registered is stored and audited.
 */
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  api,
  CONNECTOR,
  documentDetail,
  dropSampleAndPull,
  expectedDocuments,
  listDocuments,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from '../einvoice-e2e/support';
import { json, type Json } from '../support/http';
import { eventually } from '../support/test-app';
import { sampleDocumentRows, writeCsv } from './sample-csv';

const OPERATOR = { operator: 'asha', reason: 'checking what the API accepts' };

describe('operator overrides are validated when entered', () => {
  let sandbox: RunningSandbox;
  let t: E2eApp;
  let documentId: string;
  let registeredId: string;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    t = await startE2eApp({ sandbox });
    await dropSampleAndPull(t.url, t.inbox);
    const docs = await settledDocuments(t.url, expectedDocuments().length);
    registeredId = docs[0].id;
    // An invoice the IRP has not registered (the mapper refuses its all-zero HSN): overrides apply to it.
    const badHsn = sampleDocumentRows('DFT/2627/0451', 'DFT/2627/V001');
    badHsn[0].HSN = '00000000';
    writeCsv(t.inbox, 'bad-hsn.csv', badHsn);
    const pulled = await api(t.url, `/connectors/${CONNECTOR}/pull`, { method: 'POST' });
    expect(pulled.status).toBe(202);
    const failed = await eventually(async () => {
      const doc = (await listDocuments(t.url)).find((d) => d.docNumber === 'DFT/2627/V001');
      return doc?.submissions[0]?.state === 'MAPPING_FAILED' ? doc : undefined;
    }, 30_000);
    documentId = failed.id;
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
  });

  async function override(id: string, overrides: Record<string, unknown>): Promise<Response> {
    return api(t.url, `/documents/${id}/overrides`, {
      method: 'PATCH',
      body: JSON.stringify({ overrides, ...OPERATOR }),
    });
  }

  async function refused(
    overrides: Record<string, unknown>,
  ): Promise<{ path: string; rule: string; message: string }[]> {
    const res = await override(documentId, overrides);
    expect(res.status).toBe(400);
    const body: Json = await json(res);
    expect(body.message).toBe('overrides refused');
    return body.errors;
  }

  it('answers a NIC payload path with the canonical field it comes from', async () => {
    const errors = await refused({ 'ItemList[0].HsnCd': '84713010' });
    expect(errors).toEqual([
      expect.objectContaining({
        path: 'ItemList[0].HsnCd',
        rule: 'override.path',
        message: expect.stringContaining('lines[0].hsnCode'),
      }),
    ]);
  });

  it('refuses a misspelt field and a malformed value, each with its path', async () => {
    expect(await refused({ 'lines[0].hsnCodes': '84713010' })).toContainEqual(
      expect.objectContaining({ rule: 'override.path', message: expect.stringContaining('hsnCodes') }),
    );
    expect(await refused({ 'buyer.gstin': '29AAFCM7314Q1ZA' })).toContainEqual(
      expect.objectContaining({ path: 'buyer.gstin' }),
    );
    expect(await refused({ 'lines[0].quantity': 'three' })).toContainEqual(
      expect.objectContaining({ path: 'lines[0].quantity' }),
    );
    const detail = await documentDetail(t.url, documentId);
    expect(detail.overrides ?? null).toBeNull();
    const actions = (detail.audit as { action: string }[]).map((a) => a.action);
    expect(actions).not.toContain('operator-override');
  });

  it('refuses an override on a registered invoice with what to do instead, and stores nothing', async () => {
    const res = await override(registeredId, { 'buyer.legalName': 'Mehta Hardware Stores Pvt Ltd' });
    expect(res.status).toBe(409);
    const body: Json = await json(res);
    expect(body.message).toMatch(/already registered/);
    expect(body.message).toMatch(/cancel/);
    expect(body.message).toMatch(/credit/);
    const detail = await documentDetail(t.url, registeredId);
    expect(detail.overrides ?? null).toBeNull();
    expect((detail.audit as { action: string }[]).map((a) => a.action)).not.toContain('operator-override');
  });

  it('stores and audits a valid override on an invoice the IRP has not registered', async () => {
    const res = await override(documentId, { 'buyer.legalName': 'Mehta Hardware Stores Pvt Ltd' });
    expect(res.status).toBe(200);
    const detail = await documentDetail(t.url, documentId);
    expect(detail.overrides).toEqual({ 'buyer.legalName': 'Mehta Hardware Stores Pvt Ltd' });
    expect((detail.audit as { action: string }[]).map((a) => a.action)).toContain('operator-override');
  });

  it('has nothing to override on a document that never became an invoice', async () => {
    writeCsv(
      t.inbox,
      'no-gstin.csv',
      sampleDocumentRows('DFT/2627/0451', 'DFT/2627/N001', { BuyerGSTIN: '' }),
    );
    const pulled = await api(t.url, `/connectors/${CONNECTOR}/pull`, { method: 'POST' });
    expect(pulled.status).toBe(202);
    const unreadable = await eventually(async () => {
      const doc = (await listDocuments(t.url)).find((d) => d.docNumber === 'DFT/2627/N001');
      return doc?.submissions[0]?.state === 'MAPPING_FAILED' ? doc : undefined;
    }, 30_000);
    const res = await override(unreadable.id, { 'buyer.gstin': '29AAFCM7314Q1ZT' });
    expect(res.status).toBe(422);
    const body: Json = await json(res);
    expect(body.message).toMatch(/could not be read into an invoice/);
    expect(body.errors).toContainEqual(expect.objectContaining({ path: expect.stringMatching(/gstin/i) }));
  });
});
