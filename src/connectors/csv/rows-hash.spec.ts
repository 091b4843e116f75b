import { contentHash } from '../../domain';
import type { CsvRow } from './csv-reader';
import { rowsHash } from './rows-hash';

/** The form the hash has always been defined on. */
function reference(header: readonly string[], rows: readonly CsvRow[]): string {
  return contentHash(
    rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row.values[i] ?? '']))),
  );
}

const row = (rowNumber: number, values: string[]): CsvRow => ({ rowNumber, values });

describe('rowsHash', () => {
  it.each([
    ['a plain header', ['InvoiceNo', 'Date', 'Qty', 'Rate'], [row(2, ['INV/1', '21/11/2026', '2', '10.50'])]],
    [
      'several rows, quotes, backslashes, unicode and newlines',
      ['Name', 'Address', 'Note'],
      [
        row(2, ['கணேஷ் ஸ்டோர்ஸ்', '12, "Main" Rd\\nBlock', 'a\r\nb']),
        row(3, ['Śrī Gaṇeśa', '', '\u0000\u001f']),
        row(4, ['🧾 receipt', 'lone \ud800 surrogate', 'tab\tand\u007f']),
      ],
    ],
    ['a repeated column name (the last one wins)', ['Qty', 'Rate', 'Qty'], [row(2, ['1', '5', '3'])]],
    [
      'short rows and an empty column name',
      ['B', '', 'A', 'a', 'Z'],
      [row(2, ['x']), row(3, ['1', '2', '3', '4', '5'])],
    ],
    [
      'names that sort by code unit',
      ['é', 'e', 'E', '10', '9', '__proto__'],
      [row(2, ['1', '2', '3', '4', '5', '6'])],
    ],
    ['no rows', ['A'], []],
  ])('equals contentHash of the rows as objects: %s', (_name, header, rows) => {
    expect(rowsHash(header, rows)).toBe(reference(header, rows));
  });

  it('does not depend on column order', () => {
    const one = rowsHash(['A', 'B'], [row(2, ['1', '2'])]);
    expect(rowsHash(['B', 'A'], [row(2, ['2', '1'])])).toBe(one);
    expect(rowsHash(['A', 'B'], [row(2, ['2', '1'])])).not.toBe(one);
  });
});
