/**
 * B2C at pipeline level: an invoice to an unregistered buyer is outside the IRN mandate. In a CSV that
 * also holds a B2B invoice, it must never reach the IRP, while the B2B invoice is registered.
 *
 * - With a sales-register profile that allows an empty buyer GSTIN, the B2C invoice is ingested (the
 *   document exists, audited as received) but gets no in-einvoice submission: IngestService asks the
 *   regime, whose appliesTo refuses B2C.
 * - The shipped `india-b2b-lines` profile requires a buyer GSTIN, so the same row is refused as
 *   unreadable (MAPPING_FAILED, never sent) instead.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RunningSandbox } from '../../src/sandbox';
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

const SHIPPED_PROFILE = resolve(__dirname, '..', '..', 'config', 'csv-profiles', 'india-b2b-lines.yaml');
const SAMPLE_B2B = 'DFT/2627/0451';

/** The shipped profile with the buyer GSTIN optional: a sales register with B2B and B2C invoices. */
function salesRegisterProfile(dir: string): string {
  const yaml = readFileSync(SHIPPED_PROFILE, 'utf8')
    .replace(/^name: india-b2b-lines$/m, 'name: india-sales-lines')
    .replace(/^ {2}- buyer\.gstin\n/m, '');
  if (yaml.includes('- buyer.gstin')) throw new Error('the shipped profile no longer reads as expected');
  const path = join(dir, 'india-sales-lines.yaml');
  writeFileSync(path, yaml);
  return path;
}

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

/** A B2B invoice and a B2C copy of it (no buyer GSTIN) in one file in `instance`'s inbox, then a pull. */
async function pullMixedFile(t: TestApp, instance: string, b2bNumber: string, b2cNumber: string) {
  writeCsv(join(t.dataDir, instance, 'inbox'), 'sales-2026-11.csv', [
    ...sampleDocumentRows(SAMPLE_B2B, b2bNumber, { SupplyType: 'B2B' }),
    ...sampleDocumentRows(SAMPLE_B2B, b2cNumber, {
      SupplyType: 'B2C',
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
      connectors: [
        csvInstance('register', dataDir, salesRegisterProfile(dataDir)),
        csvInstance('b2b-only', dataDir, 'india-b2b-lines'),
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ingests the B2C invoice without an in-einvoice submission and registers the B2B one', async () => {
    const [b2bNumber, b2cNumber] = ['DFT/2627/R001', 'DFT/2627/C001'];
    await pullMixedFile(t, 'register', b2bNumber, b2cNumber);
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

  it('with the shipped B2B profile, refuses the B2C row as unreadable and still never sends it', async () => {
    const [b2bNumber, b2cNumber] = ['DFT/2627/R002', 'DFT/2627/C002'];
    await pullMixedFile(t, 'b2b-only', b2bNumber, b2cNumber);
    const docs = await settledPair(t, b2bNumber, b2cNumber);

    const b2c = await documentDetail(t.url, docs.find((d) => d.docNumber === b2cNumber)!.id);
    expect(b2c.canonical).toBeNull();
    expect(b2c.submissions).toHaveLength(1);
    expect(b2c.submissions[0]).toMatchObject({ regime: 'in-einvoice', state: 'MAPPING_FAILED' });
    expect(b2c.submissions[0].fieldErrors).toContainEqual(
      expect.objectContaining({ path: expect.stringMatching(/BuyerGSTIN$/), rule: 'required' }),
    );

    const generates = await generateRequestsByDocument(sandbox);
    expect(generates.has(b2cNumber)).toBe(false);
    expect(generates.get(b2bNumber)?.map((r) => r.registered)).toEqual([true]);
  });
});
