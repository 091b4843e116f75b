import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { WriteBackOutcome } from '../contract';
import { writeBackSequence } from './__fixtures__/write-back-sequence';
import type { CsvRawDocument } from './csv-raw-document';
import { EncodedResultTable } from './encoded-result-table';
import { neutraliseFormula } from '../../domain';
import {
  type ResultTable,
  type ResultUpdate,
  applyOutcomes,
  recordsFromTable,
  tableFromRecords,
} from './result-table';

/** What the writer wrote before lines were cached: the whole table through csv-stringify. */
const wholeTableCsv = (table: ResultTable): Buffer =>
  Buffer.from(
    stringify(
      recordsFromTable(table).map((record) => record.map(neutraliseFormula)),
      { record_delimiter: 'windows' },
    ),
    'utf8',
  );

/** Applies the batches both ways, checking after every batch that the two give the same bytes. */
function expectSameBytesAsWholeTable(start: ResultTable, batches: readonly ResultUpdate[][]): void {
  let expected = start;
  let encoded = EncodedResultTable.of(start);
  for (const batch of batches) {
    expected = applyOutcomes(expected, batch);
    encoded = encoded.withOutcomes(batch);
    const bytes = encoded.content();
    expect(bytes.toString('utf8')).toBe(wholeTableCsv(expected).toString('utf8'));
    expect(bytes.equals(wholeTableCsv(expected))).toBe(true);
  }
}

const EMPTY: ResultTable = { header: [], rows: [] };

const document = (rowNumbers: number[], header = ['InvoiceNo', 'Item']): CsvRawDocument => ({
  sourceFile: 'sales.csv',
  originalFile: 'sales.csv',
  profile: 'p',
  header,
  rows: rowNumbers.map((rowNumber) => ({
    rowNumber,
    values: header.map((column) => `${column} ${rowNumber}`),
  })),
});

const registered: WriteBackOutcome = {
  regime: 'in-einvoice',
  state: 'REGISTERED',
  identifiers: { irn: 'f'.repeat(64), ackNo: '112610000012345', signedQrCode: 'eyJ.qr' },
};

describe('EncodedResultTable', () => {
  it.each(Array.from({ length: 25 }, (_, seed) => seed + 1))(
    'writes the same bytes as applyOutcomes and csv-stringify, batch after batch (seed %i)',
    (seed) => {
      const batches = writeBackSequence(seed);
      expect(batches.flat().some(({ raw }) => raw.header.includes('Discount'))).toBe(true);
      expectSameBytesAsWholeTable(EMPTY, batches);
    },
  );

  it('continues a hand-edited file the same way: repeated, non-numeric and missing row numbers, short rows', () => {
    const written = applyOutcomes(EMPTY, writeBackSequence(7, 10).flat());
    const records: string[][] = parse(wholeTableCsv(written), { bom: true, relax_column_count: true });
    const sourceRow = records[0].indexOf('SourceRow');
    const [header, first, second] = records;
    const edited = [
      ...records,
      first.map((value, index) => (index === sourceRow ? value : `edited ${value}`)),
      second.map((value, index) => (index === sourceRow ? 'x' : value)),
      second.map((value, index) => (index === sourceRow ? '' : value)),
      second.slice(0, 3),
      [...second, 'beyond the header'],
    ];
    expect(header).toContain('SourceRow');
    expectSameBytesAsWholeTable(tableFromRecords(edited), writeBackSequence(8, 20));
  });

  it('encodes again only the rows outcomes touched, and every row once a document brings a new column', () => {
    const start = applyOutcomes(EMPTY, [{ raw: document([2, 3, 4]), outcome: registered }]);
    const reads = new Set<string>();
    const watched = start.rows.map(
      (row) =>
        new Proxy(row, {
          get(target, column, receiver) {
            if (column !== 'SourceRow') reads.add(target.SourceRow);
            return Reflect.get(target, column, receiver) as unknown;
          },
        }),
    );
    const loaded = EncodedResultTable.of({ header: start.header, rows: watched });

    reads.clear();
    const touched = loaded.withOutcomes([{ raw: document([3]), outcome: registered }]);
    expect([...reads]).toEqual(['3']);

    reads.clear();
    touched.withOutcomes([{ raw: document([5], ['InvoiceNo', 'Item', 'Discount']), outcome: registered }]);
    expect([...reads].sort()).toEqual(['2', '4']);
  });

  it('leaves the table it started from as it was', () => {
    const start = EncodedResultTable.of(
      applyOutcomes(EMPTY, [{ raw: document([2, 3]), outcome: registered }]),
    );
    const before = start.content();
    start.withOutcomes([
      {
        raw: document([3], ['InvoiceNo', 'Item', 'Discount']),
        outcome: { ...registered, state: 'CANCELLED' },
      },
    ]);
    expect(start.content().equals(before)).toBe(true);
  });
});
