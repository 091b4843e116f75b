import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { WriteBackOutcome } from '../../src/connectors/contract';
import { writeBackSequence } from '../../src/connectors/csv/__fixtures__/write-back-sequence';
import type { CsvRawDocument } from '../../src/connectors/csv/csv-raw-document';
import { ResultFileWriter } from '../../src/connectors/csv/result-file.writer';
import {
  type ResultTable,
  applyOutcomes,
  recordsFromTable,
  tableFromRecords,
} from '../../src/connectors/csv/result-table';
import { neutraliseFormula } from '../../src/domain/spreadsheet-cell';

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

function tableIn(path: string): ResultTable {
  return tableFromRecords(parse(readFileSync(path), { bom: true, relax_column_count: true }));
}

/**
 * The bytes the writer wrote before it kept encoded lines: the whole table through csv-stringify, each
 * cell neutralised against formula injection.
 */
function wholeTableCsv(table: ResultTable): Buffer {
  const records = recordsFromTable(table).map((record) => record.map(neutraliseFormula));
  return Buffer.from(stringify(records, { record_delimiter: 'windows' }), 'utf8');
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

  it.each([3, 11, 19])(
    'writes, flush after flush, the bytes the whole-table rewrite wrote, across a hand edit (seed %i)',
    async (seed) => {
      const writer = new ResultFileWriter(outbox);
      const path = writer.pathFor('sales.csv');
      let expected: ResultTable = { header: [], rows: [] };
      for (const [index, batch] of writeBackSequence(seed).entries()) {
        // written together, so they are applied in one flush, as the whole-table path applied them
        await Promise.all(batch.map(({ raw, outcome }) => writer.write(raw, outcome)));
        expected = applyOutcomes(expected, batch);
        const written = readFileSync(path);
        expect(written.toString('utf8')).toBe(wholeTableCsv(expected).toString('utf8'));
        expect(written.equals(wholeTableCsv(expected))).toBe(true);
        if (index === 12) {
          const records = recordsFromTable(expected);
          const sourceRow = records[0].indexOf('SourceRow');
          const [, first, second] = records;
          records.push(
            first.map((value, column) => (column === sourceRow ? value : `edited ${value}`)),
            second.map((value, column) => (column === sourceRow ? 'x' : value)),
          );
          writeFileSync(path, stringify(records, { record_delimiter: 'windows' }));
          expected = tableIn(path);
        }
      }
    },
  );

  it('creates the outbox when it does not exist yet, and again when someone removed it', async () => {
    const nested = join(outbox, 'not', 'yet');
    const writer = new ResultFileWriter(nested);
    const path = await writer.write(document('INV-1', 2), registered('1'));
    expect(rows(path).map((row) => row.InvoiceNo)).toEqual(['INV-1']);

    rmSync(nested, { recursive: true });
    await writer.write(document('INV-2', 3), registered('2'));
    expect(rows(path).map((row) => row.InvoiceNo)).toEqual(['INV-2']);
    await writer.write(document('INV-3', 4), registered('3'));
    expect(rows(path).map((row) => row.InvoiceNo)).toEqual(['INV-2', 'INV-3']);
  });
});
