/**
 * An invoice and a credit note with the same number (legal in India: the IRN hashes the document type
 * too) are two documents: in one file and across files, through the connector and through the pipeline,
 * with two ids, two IRNs, their own result rows and their own QR images.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { SourceDocument, WriteBackItem } from '../../src/connectors/contract';
import type { DocumentType } from '../../src/domain/canonical-invoice';
import { computeIrn } from '../../src/mappers/irn';
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  api,
  CONNECTOR,
  type DocumentSummary,
  listDocuments,
  readResultFile,
  SELLER_GSTIN,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from '../einvoice-e2e/support';
import { createInstance, pullAll, SAMPLE_INBOX_FILE, type TestInstance } from './csv-test-kit';

const INVOICE_1 = 'DFT/2627/0451';
const INVOICE_2 = 'DFT/2627/0452';
const FY = '2026-27';

type SampleRecord = Record<string, string>;

/**
 * day-1.csv: invoice 0451 with credit note 0451 between its two rows, then invoice 0452.
 * day-2.csv: credit note 0452 alone (the sample's credit note, renumbered).
 */
async function notesFixture(): Promise<{ day1: string; day2: string }> {
  const records: SampleRecord[] = parse(await readFile(SAMPLE_INBOX_FILE), { columns: true, bom: true });
  const header = Object.keys(records[0]);
  const rowsOf = (number: string) => records.filter((r) => r.InvoiceNo === number);
  const [bolts, nuts] = rowsOf(INVOICE_1);
  const note1: SampleRecord = {
    ...nuts,
    DocType: 'Credit Note',
    InvoiceDate: '13-11-2026',
    OrigInvoiceNo: INVOICE_1,
    OrigInvoiceDate: '02-11-2026',
    Reason: 'Goods returned: 200 nuts',
    LineNo: '1',
    Qty: '200',
    TaxableValue: '430.00',
    CGST: '38.70',
    SGST: '38.70',
    LineTotal: '507.40',
    InvoiceTotal: '507.40',
  };
  const note2 = { ...records.find((r) => r.DocType === 'Credit Note')!, InvoiceNo: INVOICE_2 };
  const csv = (rows: SampleRecord[]) => stringify(rows, { header: true, columns: header });
  return { day1: csv([bolts, note1, nuts, ...rowsOf(INVOICE_2)]), day2: csv([note2]) };
}

const erpId = (number: string, note = '') => `india-b2b-lines:${number}:${FY}${note}`;

function invoiceOf(document: SourceDocument) {
  if (!document.normalised.ok) throw new Error(JSON.stringify(document.normalised.errors));
  return document.normalised.value;
}

describe('CSV connector: an invoice and a credit note with the same number', () => {
  let instance: TestInstance;
  let fixture: { day1: string; day2: string };
  beforeAll(async () => {
    fixture = await notesFixture();
  });
  beforeEach(async () => {
    instance = await createInstance();
  });
  afterEach(() => instance.cleanup());

  async function pullFiles(...files: [string, string][]): Promise<SourceDocument[]> {
    for (const [name, content] of files)
      await writeFile(join(instance.connector.directories.inbox, name), content);
    const batches = await pullAll(instance.connector);
    expect(batches.flatMap((batch) => batch.problems ?? [])).toEqual([]);
    return batches.flatMap((batch) => batch.documents);
  }

  it('reads them from one file as two documents, the invoice keeping its id, and from two files apart', async () => {
    const documents = await pullFiles(['day-1.csv', fixture.day1], ['day-2.csv', fixture.day2]);
    expect(
      documents.map((d) => [
        d.erpId,
        invoiceOf(d).documentType,
        d.sourceRef,
        invoiceOf(d).totals.invoiceTotal,
      ]),
    ).toEqual([
      [erpId(INVOICE_1), 'INV', 'day-1.csv rows 2, 4', '20178.00'],
      [erpId(INVOICE_1, ':CRN'), 'CRN', 'day-1.csv row 3', '507.40'],
      [erpId(INVOICE_2), 'INV', 'day-1.csv rows 5-7', '56935.00'],
      [erpId(INVOICE_2, ':CRN'), 'CRN', 'day-2.csv row 2', '802.40'],
    ]);
    const [invoice, note] = documents.map(invoiceOf);
    expect(invoice.lines.map((line) => line.description)).toEqual([
      'Hex bolt M12x60 HT 8.8 zinc plated',
      'Hex nut M12 grade 8 zinc plated',
    ]);
    expect(note.lines.map((line) => [line.quantity, line.totalAmount])).toEqual([['200', '507.40']]);
    expect(note.originalInvoice).toMatchObject({ number: INVOICE_1, date: '2026-11-02' });
    expect(documents.map((d) => (d.raw as { noteType?: string }).noteType)).toEqual([
      undefined,
      'CRN',
      undefined,
      'CRN',
    ]);
  });

  it('writes each one its own IRN on its own rows and its own QR image, the invoice keeping its image name', async () => {
    const documents = await pullFiles(['day-1.csv', fixture.day1]);
    const irnOf = (d: SourceDocument) =>
      computeIrn(SELLER_GSTIN, FY, invoiceOf(d).documentType, d.documentNumber!);
    const items: WriteBackItem[] = documents.map((document, index) => ({
      document: {
        id: String(index),
        erpId: document.erpId,
        documentNumber: document.documentNumber,
        raw: document.raw,
      },
      outcome: {
        regime: 'in-einvoice',
        state: 'REGISTERED',
        identifiers: { irn: irnOf(document), signedQrCode: `qr-of-${document.erpId}` },
      },
    }));
    expect(await instance.connector.writeBackMany(items)).toEqual([undefined, undefined, undefined]);

    const rows: SampleRecord[] = parse(await readFile(instance.connector.resultFilePath('day-1.csv')), {
      columns: true,
      bom: true,
    });
    const qrDir = join(instance.connector.directories.outbox, 'qr');
    const [invoice1, note1, invoice2] = documents;
    expect(rows.map((r) => [r.SourceRow, r.DocType, r.Irn, r.QrPngPath])).toEqual([
      ['2', 'Tax Invoice', irnOf(invoice1), join(qrDir, 'DFT_2627_0451-in-einvoice.png')],
      ['3', 'Credit Note', irnOf(note1), join(qrDir, 'DFT_2627_0451.CRN-in-einvoice.png')],
      ['4', 'Tax Invoice', irnOf(invoice1), join(qrDir, 'DFT_2627_0451-in-einvoice.png')],
      ...[5, 6, 7].map((n) => [
        String(n),
        'Tax Invoice',
        irnOf(invoice2),
        join(qrDir, 'DFT_2627_0452-in-einvoice.png'),
      ]),
    ]);
    expect(irnOf(invoice1)).not.toBe(irnOf(note1));
    // Each image holds its own document's QR: the note's did not overwrite the invoice's.
    for (const [file, document] of [
      ['DFT_2627_0451-in-einvoice.png', invoice1],
      ['DFT_2627_0451.CRN-in-einvoice.png', note1],
    ] as const) {
      const image = PNG.sync.read(await readFile(join(qrDir, file)));
      const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
      expect(decoded).toBe(`qr-of-${document.erpId}`);
    }
  });

  it("keeps a supplier's invoice and credit note with the same bill number apart in the purchase register", async () => {
    const register = [
      'SupplierGSTIN,SupplierName,BillNo,BillDate,DocType,TaxableValue,IGST',
      '27AABCP9932F1Z9,Pune Precision,PPE-5521,06-11-2026,Invoice,5000.00,900.00',
      '27AABCP9932F1Z9,Pune Precision,PPE-5521,16-11-2026,Credit Note,500.00,90.00',
      '27AABCP9932F1Z9,Pune Precision,PPE-5521,06-11-2026,Invoice,2000.00,100.00',
    ].join('\n');
    await writeFile(join(instance.connector.directories.purchases, 'purchases.csv'), register);
    const records = [];
    for await (const batch of instance.connector.pullPurchases({ from: '2026-11-01', to: '2026-11-30' }))
      records.push(...batch);
    expect(records.map((r) => [r.erpId, r.documentType, r.billDate, r.taxableValue, r.total])).toEqual([
      ['india-purchases:27AABCP9932F1Z9:PPE-5521:2026-27', 'INV', '2026-11-06', '7000.00', '8000.00'],
      ['india-purchases:27AABCP9932F1Z9:PPE-5521:2026-27:CRN', 'CRN', '2026-11-16', '500.00', '590.00'],
    ]);
    expect(instance.warnings).toEqual([]);
  });
});

interface ListedDocument extends DocumentSummary {
  erpId: string;
  docType: DocumentType;
}

describe('CSV notes through the pipeline against the simulated IRP', () => {
  let sandbox: RunningSandbox;
  let t: E2eApp;
  let fixture: { day1: string; day2: string };

  beforeAll(async () => {
    fixture = await notesFixture();
    sandbox = await startEinvoiceSandbox();
    t = await startE2eApp({ sandbox });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
  });

  async function dropAndPull(name: string, content: string): Promise<void> {
    await mkdir(t.inbox, { recursive: true });
    await writeFile(join(t.inbox, name), content);
    const res = await api(t.url, `/connectors/${CONNECTOR}/pull`, { method: 'POST' });
    expect(res.status).toBe(202);
  }

  it('registers the invoice and the note of one number as two documents with two IRNs, in one file and across files', async () => {
    await dropAndPull('day-1.csv', fixture.day1);
    await settledDocuments(t.url, 3);
    await dropAndPull('day-2.csv', fixture.day2);
    await settledDocuments(t.url, 4);
    const docs = (await listDocuments(t.url)) as ListedDocument[];

    const want = [
      [erpId(INVOICE_1), 'INV', INVOICE_1],
      [erpId(INVOICE_1, ':CRN'), 'CRN', INVOICE_1],
      [erpId(INVOICE_2), 'INV', INVOICE_2],
      [erpId(INVOICE_2, ':CRN'), 'CRN', INVOICE_2],
    ] as const;
    const irnOf = (type: DocumentType, number: string) => computeIrn(SELLER_GSTIN, FY, type, number);
    expect(
      docs
        .map((d) => [d.erpId, d.docType, d.docNumber, d.submissions.map((s) => [s.state, s.irn])])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(want.map(([id, type, number]) => [id, type, number, [['WRITTEN_BACK', irnOf(type, number)]]]));

    const registrations = sandbox.einvoice.registrations();
    expect(registrations.map((r) => r.irn).sort()).toEqual(want.map(([, type, n]) => irnOf(type, n)).sort());

    const day1 = readResultFile(t.outbox, 'day-1.csv');
    expect(day1.map((r) => [r.SourceRow, r.Irn, r.Status])).toEqual([
      ['2', irnOf('INV', INVOICE_1), 'in-einvoice: REGISTERED'],
      ['3', irnOf('CRN', INVOICE_1), 'in-einvoice: REGISTERED'],
      ['4', irnOf('INV', INVOICE_1), 'in-einvoice: REGISTERED'],
      ...[5, 6, 7].map((n) => [String(n), irnOf('INV', INVOICE_2), 'in-einvoice: REGISTERED']),
    ]);
    const day2 = readResultFile(t.outbox, 'day-2.csv');
    expect(day2.map((r) => [r.SourceRow, r.Irn])).toEqual([['2', irnOf('CRN', INVOICE_2)]]);

    const qrNames = [...day1, ...day2].map((r) => r.QrPngPath.slice(join(t.outbox, 'qr').length + 1));
    expect([...new Set(qrNames)].sort()).toEqual([
      'DFT_2627_0451-in-einvoice.png',
      'DFT_2627_0451.CRN-in-einvoice.png',
      'DFT_2627_0452-in-einvoice.png',
      'DFT_2627_0452.CRN-in-einvoice.png',
    ]);
    for (const row of [...day1, ...day2]) expect(existsSync(row.QrPngPath)).toBe(true);
  });
});
