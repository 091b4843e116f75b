import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CanonicalInvoice } from '../../src/domain/canonical-invoice';
import { isValidGstin } from '../../src/domain/gstin';
import { dec, sum, toFixed } from '../../src/domain/money';
import type { SourceDocument } from '../../src/connectors/contract';
import { defaultProfilesDir, isCsvRawDocument } from '../../src/connectors/csv';
import { BUYER_KA, BUYER_MH, SELLER_KA } from '../../src/connectors/csv/__fixtures__/gstins';
import { BAD_ROWS_FILE, SAMPLE_INBOX_FILE, type TestInstance, createInstance, pullAll } from './csv-test-kit';

function invoiceOf(document: SourceDocument): CanonicalInvoice {
  if (!document.normalised.ok)
    throw new Error(`${document.sourceRef}: ${JSON.stringify(document.normalised.errors)}`);
  return document.normalised.value;
}

function errorsOf(document: SourceDocument) {
  return document.normalised.ok ? [] : document.normalised.errors;
}

describe('CSV connector: pulling sales files', () => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await createInstance();
  });
  afterEach(() => instance.cleanup());

  it('reads the shipped sample file entirely valid, consistent to the paisa, then moves it', async () => {
    const { connector } = instance;
    await copyFile(SAMPLE_INBOX_FILE, join(connector.directories.inbox, 'sales-2026-11.csv'));
    const batches = await pullAll(connector);
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch.problems).toBeUndefined();
    expect(batch.documents).toHaveLength(12);
    const invoices = batch.documents.map(invoiceOf);

    for (const invoice of invoices) {
      expect(isValidGstin(invoice.seller.gstin ?? '')).toBe(true);
      expect(isValidGstin(invoice.buyer.gstin ?? '')).toBe(true);
      expect(invoice.documentDate >= '2026-11-01' && invoice.documentDate <= '2026-11-20').toBe(true);
      expect(invoice.lines.length).toBeGreaterThanOrEqual(1);
      expect(invoice.lines.length).toBeLessThanOrEqual(4);
      const inter = invoice.seller.address.stateCode !== invoice.buyer.placeOfSupply;
      for (const line of invoice.lines) {
        const taxable = dec(String(line.quantity)).times(line.unitPrice).minus(line.discount);
        expect(line.taxableValue).toBe(toFixed(taxable, 2));
        const tax = taxable.times(line.taxRate).dividedBy(100);
        if (inter) {
          expect(line.igstAmount).toBe(toFixed(tax, 2));
          expect(dec(line.cgstAmount).isZero() && dec(line.sgstAmount).isZero()).toBe(true);
        } else {
          expect(line.cgstAmount).toBe(toFixed(tax.dividedBy(2), 2));
          expect(line.sgstAmount).toBe(line.cgstAmount);
          expect(dec(line.igstAmount).isZero()).toBe(true);
        }
        expect(line.totalAmount).toBe(
          toFixed(sum([line.taxableValue, line.igstAmount, line.cgstAmount, line.sgstAmount]), 2),
        );
      }
      expect(invoice.totals.invoiceTotal).toBe(toFixed(sum(invoice.lines.map((l) => l.totalAmount)), 2));
    }
    const interState = invoices.filter((i) => i.seller.address.stateCode !== i.buyer.placeOfSupply);
    expect(interState.length).toBeGreaterThan(0);
    expect(interState.length).toBeLessThan(invoices.length);
    const notes = invoices.filter((i) => i.documentType === 'CRN');
    expect(notes).toHaveLength(1);
    const original = invoices.find((i) => i.documentNumber === notes[0].originalInvoice?.number);
    expect(original?.documentDate).toBe(notes[0].originalInvoice?.date);
    expect(original?.buyer.gstin).toBe(notes[0].buyer.gstin);

    const first = batch.documents[0];
    expect(first).toMatchObject({
      erpId: 'india-b2b-lines:DFT/2627/0451:2026-27',
      direction: 'sales',
      documentNumber: 'DFT/2627/0451',
      documentDate: '2026-11-02',
      sourceRef: 'sales-2026-11.csv rows 2-3',
    });
    expect(first.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(batch.documents.map((d) => d.contentHash)).size).toBe(12);
    expect(isCsvRawDocument(first.raw)).toBe(true);
    expect(first.raw).toMatchObject({
      sourceFile: 'sales-2026-11.csv',
      header: expect.arrayContaining(['InvoiceNo']),
    });

    const hash = (batch.cursor as { processedHashes: string[] }).processedHashes;
    expect(hash).toHaveLength(1);
    expect(await readdir(connector.directories.inbox)).toEqual([]);
    expect(await readdir(connector.directories.processed)).toEqual(['sales-2026-11.csv']);
  });

  it('reports bad rows with row, column and reason while the good documents go on', async () => {
    const { connector } = instance;
    await copyFile(BAD_ROWS_FILE, join(connector.directories.inbox, 'bad-rows.csv'));
    const [batch] = await pullAll(connector);
    const byNumber = new Map(batch.documents.map((d) => [d.documentNumber, d]));
    expect(batch.documents).toHaveLength(6);
    expect(byNumber.get('DFT/2627/0470')?.normalised.ok).toBe(true);
    expect(byNumber.get('DFT/2627/0475')?.normalised.ok).toBe(true);

    // Canonical paths, as a webhook document's errors have; the cell is the source.
    const summary = (number: string) =>
      errorsOf(byNumber.get(number)!).map((e) => [e.path, e.source, e.rule]);
    expect(summary('DFT/2627/0471')).toEqual([['buyer.gstin', 'rows[3].BuyerGSTIN', 'gstin.checkDigit']]);
    expect(summary('DFT/2627/0472')).toEqual([['documentDate', 'rows[5].InvoiceDate', 'date']]);
    expect(summary('DFT/2627/0473')).toEqual([['lines[1].hsnCode', 'rows[7].HSN', 'required']]);
    expect(summary('DFT/2627/0474')).toEqual([['lines[0].quantity', 'rows[8].Qty', 'decimal']]);
    expect(errorsOf(byNumber.get('DFT/2627/0474')!)[0].message).toBe(
      'row 8 / column Qty: "ten" is not a number',
    );
    expect(errorsOf(byNumber.get('DFT/2627/0472')!)[0].message).toMatch(
      /^row 5 \/ column InvoiceDate: "31-11-2026"/,
    );
    // Known even though the date is bad, so the operator can find it.
    expect(byNumber.get('DFT/2627/0472')?.erpId).toBe('india-b2b-lines:DFT/2627/0472:undated');
  });

  it('pulls a file once, even when the same content comes back under another name', async () => {
    const { connector } = instance;
    await copyFile(SAMPLE_INBOX_FILE, join(connector.directories.inbox, 'sales.csv'));
    const first = await pullAll(connector);
    expect(first).toHaveLength(1);

    await copyFile(SAMPLE_INBOX_FILE, join(connector.directories.inbox, 'sales-copy.csv'));
    await copyFile(SAMPLE_INBOX_FILE, join(connector.directories.inbox, 'sales.csv'));
    const again = await pullAll(connector, first[0].cursor);
    expect(again).toEqual([]);
    expect(await readdir(connector.directories.inbox)).toEqual([]);
    // A fresh pull without the cursor would read it again: the cursor is what prevents it.
    await copyFile(SAMPLE_INBOX_FILE, join(connector.directories.inbox, 'sales.csv'));
    expect(await pullAll(connector)).toHaveLength(1);
  });

  it('pulls one of two identical files dropped together (the next file is read ahead of its turn)', async () => {
    const { connector } = instance;
    await copyFile(SAMPLE_INBOX_FILE, join(connector.directories.inbox, 'a.csv'));
    await copyFile(SAMPLE_INBOX_FILE, join(connector.directories.inbox, 'b.csv'));
    await copyFile(BAD_ROWS_FILE, join(connector.directories.inbox, 'c.csv'));
    const batches = await pullAll(connector);
    expect(batches.map((b) => b.documents[0].sourceRef?.split(' ')[0])).toEqual(['a.csv', 'c.csv']);
    expect(await readdir(connector.directories.inbox)).toEqual([]);
    expect((await readdir(connector.directories.processed)).sort()).toEqual(['a.csv', 'b.csv', 'c.csv']);
  });

  it('keeps the file in the inbox until the consumer has taken the batch, and resumes without skipping', async () => {
    const { connector } = instance;
    await copyFile(SAMPLE_INBOX_FILE, join(connector.directories.inbox, 'a.csv'));
    await copyFile(BAD_ROWS_FILE, join(connector.directories.inbox, 'b.csv'));
    const iterator = connector.pullSales(null)[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    expect((await readdir(connector.directories.inbox)).sort()).toEqual(['a.csv', 'b.csv']);
    await iterator.return?.();
    // The consumer stopped after storing the first batch: resuming from its cursor reads b.csv only.
    const rest = await pullAll(connector, first.value!.cursor);
    expect(rest.map((b) => b.documents[0].sourceRef)).toEqual(['b.csv row 2']);
    expect(await readdir(connector.directories.inbox)).toEqual([]);
  });

  it('reads a UTF-16LE file (as Excel saves "Unicode text") like its UTF-8 original', async () => {
    const { connector } = instance;
    const text = (await readFile(SAMPLE_INBOX_FILE, 'utf8')).replaceAll(
      'Deccan Fasteners',
      'Deccan Fästeners',
    );
    await writeFile(
      join(connector.directories.inbox, 'unicode.csv'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    );
    const [batch] = await pullAll(connector);
    expect(batch.documents).toHaveLength(12);
    expect(batch.documents.every((d) => d.normalised.ok)).toBe(true);
    expect(invoiceOf(batch.documents[0]).seller.legalName).toBe('Deccan Fästeners and Tools Pvt Ltd');
  });

  it('reports a malformed file as a problem of the batch', async () => {
    const { connector } = instance;
    await writeFile(join(connector.directories.inbox, 'broken.csv'), 'InvoiceNo,Item\nX,"never closed\n');
    // csv-parse's code for a stray quote lacks the CSV_ prefix of its others: the file was taken for
    // unreadable and retried on every pull, never reported.
    await writeFile(join(connector.directories.inbox, 'stray-quote.csv'), 'InvoiceNo,Item\nX,Bolt 1/2"\n');
    const batches = await pullAll(connector);
    expect(batches.flatMap((batch) => batch.documents)).toEqual([]);
    expect(batches.flatMap((batch) => batch.problems)).toEqual([
      expect.objectContaining({ path: 'files.broken.csv', rule: 'csv.syntax' }),
      expect.objectContaining({ path: 'files.stray-quote.csv', rule: 'csv.syntax' }),
    ]);
  });

  it('reports a file without the document number column', async () => {
    const { connector } = instance;
    await writeFile(join(connector.directories.inbox, 'other.csv'), 'Foo,Bar\n1,2\n');
    const [batch] = await pullAll(connector);
    expect(batch.documents).toEqual([]);
    expect(batch.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'header.InvoiceNo', rule: 'column.missing' })]),
    );
  });
});

describe('CSV connector: document-per-row profile', () => {
  let instance: TestInstance;
  let profilesDir: string;
  afterEach(async () => {
    await instance.cleanup();
    await rm(profilesDir, { recursive: true, force: true });
  });

  it('makes one document per row, takes the seller from the instance and derives tax from the rate', async () => {
    profilesDir = await mkdtemp(join(tmpdir(), 'csv-profiles-'));
    await writeFile(
      join(profilesDir, 'one-line.yaml'),
      [
        'name: one-line',
        'layout: document-per-row',
        'delimiter: ";"',
        'dateFormat: DD-MMM-YYYY',
        'decimalSeparator: ","',
        'columns:',
        '  documentNumber: Bill',
        '  documentDate: Dated',
        '  buyer.gstin: Party GSTIN',
        '  buyer.legalName: Party',
        '  buyer.address.line1: Address',
        '  buyer.address.city: City',
        '  lines[].description: Item',
        '  lines[].hsnCode: HSN/SAC',
        '  lines[].quantity: Qty',
        '  lines[].unit: UOM',
        '  lines[].unitPrice: Rate',
        '  lines[].taxRate: GST %',
        'constants:',
        '  country: IN',
        '  supplyType: B2B',
        '  documentType: INV',
        '  seller.address.countryCode: IN',
        '  buyer.address.countryCode: IN',
      ].join('\n'),
    );
    instance = await createInstance({
      profile: 'one-line',
      profilesDir,
      purchaseProfile: join(defaultProfilesDir(), 'india-purchases.yaml'),
      defaults: {
        'seller.gstin': SELLER_KA,
        'seller.legalName': 'Deccan Fasteners and Tools Pvt Ltd',
        'seller.address.line1': 'Plot 14, Peenya',
        'seller.address.city': 'Bengaluru',
      },
    });
    const csv = [
      'Bill;Dated;Party GSTIN;Party;Address;City;Item;HSN/SAC;Qty;UOM;Rate;GST %',
      `B-1;07-Nov-2026;${BUYER_MH};Pune Precision;Chakan;Pune;Bolt;73181500;1.500;pcs;6,35;18`,
      `B-2;08-NOV-2026;${BUYER_KA};Mysore Auto;Hebbal;Mysuru;AMC;998717;1;OTH;10.000,00;18`,
    ].join('\r\n');
    await writeFile(join(instance.connector.directories.inbox, 'register.csv'), csv, 'latin1');
    const [batch] = await pullAll(instance.connector);
    const [inter, intra] = batch.documents.map(invoiceOf);
    expect(batch.documents.map((d) => d.erpId)).toEqual(['one-line:B-1:2026-27', 'one-line:B-2:2026-27']);
    expect(inter.seller.legalName).toBe('Deccan Fasteners and Tools Pvt Ltd');
    expect(inter.lines[0]).toMatchObject({
      quantity: '1500',
      unit: 'PCS',
      grossAmount: '9525.00',
      igstAmount: '1714.50',
    });
    expect(inter.totals.invoiceTotal).toBe('11239.50');
    expect(intra.lines[0]).toMatchObject({ isService: true, cgstAmount: '900.00', sgstAmount: '900.00' });
    expect(intra.totals.invoiceTotal).toBe('11800.00');
  });
});
