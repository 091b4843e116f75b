/**
 * B2C at pipeline level: an invoice to an unregistered buyer is outside the IRN mandate. In a CSV that
 * also holds a B2B invoice, it must never reach the IRP, while the B2B invoice is registered.
 *
 * - With the shipped `india-b2b-lines` profile, a row marked SupplyType B2C without a buyer GSTIN is
 *   ingested (the document exists, audited as received) but gets no in-einvoice submission:
 *   IngestService asks the regime, whose appliesTo refuses B2C.
 * - A B2B row without a buyer GSTIN is refused (MAPPING_FAILED, buyer.gstin is required) and never sent:
 *   leaving the GSTIN out never turns an invoice that needs an IRN into one that does not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  api,
  documentDetail,
  generateRequestsByDocument,
  listDocuments,
  sandboxRecords,
  sandboxRegimeDefaults,
  SELLER_GSTIN,
  startEinvoiceSandbox,
  type DocumentSummary,
} from '../einvoice-e2e/support';
import { eventually, startTestApp, type TestApp } from '../support/test-app';
import { sampleDocumentRows, writeCsv } from './sample-csv';

const SAMPLE_B2B = 'DFT/2627/0451';

function csvInstance(name: string, dataDir: string, profile: string): Record<string, unknown> {
  return {
    name,
    kind: 'csv',
    regimes: ['in-einvoice'],
    config: {
      inboxDir: join(dataDir, name, 'inbox'),
      outboxDir: join(dataDir, name, 'outbox'),
      processedDir: join(dataDir, name, 'processed'),
      profile,
      pollIntervalMs: 3_600_000,
    },
    regimeSettings: { 'in-einvoice': { gstin: SELLER_GSTIN } },
  };
}

/**
 * A B2B invoice and a copy of it without a buyer GSTIN (marked `supplyType`) in one file in `instance`'s
 * inbox, then a pull.
 */
async function pullMixedFile(
  t: TestApp,
  instance: string,
  b2bNumber: string,
  otherNumber: string,
  supplyType: 'B2C' | 'B2B',
) {
  writeCsv(join(t.dataDir, instance, 'inbox'), `sales-${otherNumber.replace(/\W/g, '')}.csv`, [
    ...sampleDocumentRows(SAMPLE_B2B, b2bNumber, { SupplyType: 'B2B' }),
    ...sampleDocumentRows(SAMPLE_B2B, otherNumber, {
      SupplyType: supplyType,
      BuyerGSTIN: '',
      BuyerName: 'Walk-in customer',
    }),
  ]);
  const pulled = await api(t.url, `/connectors/${instance}/pull`, { method: 'POST' });
  expect(pulled.status).toBe(202);
}

/** Both documents of the file, once the B2B one is written back. */
function settledPair(t: TestApp, b2bNumber: string, b2cNumber: string): Promise<DocumentSummary[]> {
  return eventually(async () => {
    const docs = (await listDocuments(t.url)).filter((d) => [b2bNumber, b2cNumber].includes(d.docNumber));
    const b2b = docs.find((d) => d.docNumber === b2bNumber);
    return docs.length === 2 && b2b?.submissions[0]?.state === 'WRITTEN_BACK' ? docs : undefined;
  }, 30_000);
}

describe('B2C invoices in a CSV: never sent for an IRN', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    dataDir = mkdtempSync(join(tmpdir(), 'einvoice-b2c-'));
    t = await startTestApp({
      dataDir,
      regimeDefaults: sandboxRegimeDefaults(sandbox),
      connectors: [csvInstance('register', dataDir, 'india-b2b-lines')],
    });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ingests the B2C invoice without an in-einvoice submission and registers the B2B one', async () => {
    const [b2bNumber, b2cNumber] = ['DFT/2627/R001', 'DFT/2627/C001'];
    await pullMixedFile(t, 'register', b2bNumber, b2cNumber, 'B2C');
    const docs = await settledPair(t, b2bNumber, b2cNumber);

    const b2c = await documentDetail(t.url, docs.find((d) => d.docNumber === b2cNumber)!.id);
    expect(b2c.canonical.supplyType).toBe('B2C');
    expect(b2c.canonical.buyer.gstin).toBeUndefined();
    expect(b2c.submissions).toEqual([]);
    const actions = (b2c.audit as { action: string }[]).map((a) => a.action);
    expect(actions).toContain('received');
    expect(actions).not.toContain('submission-created');

    const generates = await generateRequestsByDocument(sandbox);
    expect(generates.has(b2cNumber)).toBe(false);
    expect(generates.get(b2bNumber)?.map((r) => r.registered)).toEqual([true]);
    const registered = (await sandboxRecords(sandbox)).map((r) => r.docNo);
    expect(registered).toContain(b2bNumber);
    expect(registered).not.toContain(b2cNumber);
  });

  it('refuses a B2B row without a buyer GSTIN and never sends it', async () => {
    const [b2bNumber, missingNumber] = ['DFT/2627/R002', 'DFT/2627/M002'];
    await pullMixedFile(t, 'register', b2bNumber, missingNumber, 'B2B');
    const docs = await settledPair(t, b2bNumber, missingNumber);

    const missing = await documentDetail(t.url, docs.find((d) => d.docNumber === missingNumber)!.id);
    expect(missing.canonical).toBeNull();
    expect(missing.submissions).toHaveLength(1);
    expect(missing.submissions[0]).toMatchObject({ regime: 'in-einvoice', state: 'MAPPING_FAILED' });
    expect(missing.submissions[0].fieldErrors).toContainEqual(
      expect.objectContaining({ path: expect.stringMatching(/gstin|GSTIN/), rule: 'required' }),
    );

    const generates = await generateRequestsByDocument(sandbox);
    expect(generates.has(missingNumber)).toBe(false);
    expect(generates.get(b2bNumber)?.map((r) => r.registered)).toEqual([true]);
  });
});
