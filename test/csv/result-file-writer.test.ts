import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { WriteBackOutcome } from '../../src/connectors/contract';
import type { CsvRawDocument } from '../../src/connectors/csv/csv-raw-document';
import { ResultFileWriter } from '../../src/connectors/csv/result-file.writer';

const document = (invoice: string, rowNumber: number): CsvRawDocument => ({
  sourceFile: 'sales.csv',
  originalFile: 'sales.csv',
  profile: 'p',
  header: ['InvoiceNo', 'Item'],
  rows: [{ rowNumber, values: [invoice, 'Bolt'] }],
});

const registered = (ackNo: string): WriteBackOutcome => ({
  regime: 'in-einvoice',
  state: 'REGISTERED',
  identifiers: { irn: ackNo.padStart(64, '0'), ackNo },
});

function rows(path: string): Record<string, string>[] {
  return parse(readFileSync(path), { columns: true, bom: true, relax_column_count: true });
}

describe('ResultFileWriter', () => {
  let outbox: string;
  beforeEach(() => (outbox = mkdtempSync(join(tmpdir(), 'result-writer-'))));
  afterEach(() => rmSync(outbox, { recursive: true, force: true }));

  it('keeps every outcome across many concurrent and later writes to one file', async () => {
    const writer = new ResultFileWriter(outbox);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => writer.write(document(`INV-${i}`, i + 2), registered(`${i}`))),
    );
    await writer.write(document('INV-30', 32), registered('30'));
    const written = rows(writer.pathFor('sales.csv'));
    expect(written.map((row) => row.InvoiceNo)).toEqual(Array.from({ length: 31 }, (_, i) => `INV-${i}`));
    expect(written.map((row) => row.AckNo)).toEqual(Array.from({ length: 31 }, (_, i) => `${i}`));
  });

  it('re-reads a file changed by someone else since its last write instead of overwriting the change', async () => {
    const writer = new ResultFileWriter(outbox);
    const path = await writer.write(document('INV-1', 2), registered('1'));
    const header = readFileSync(path, 'utf8').split('\r\n')[0];
    const columns = header.split(',');
    const edited = columns.map((column) =>
      column === 'InvoiceNo' ? 'INV-EDIT' : column === 'SourceRow' ? '9' : '',
    );
    appendFileSync(path, `${edited.join(',')}\r\n`);
    await writer.write(document('INV-2', 3), registered('2'));
    expect(rows(path).map((row) => row.InvoiceNo)).toEqual(['INV-1', 'INV-2', 'INV-EDIT']);

    writeFileSync(path, '');
    await writer.write(document('INV-3', 4), registered('3'));
    expect(rows(path).map((row) => row.InvoiceNo)).toEqual(['INV-3']);
  });
});
