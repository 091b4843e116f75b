import { bindColumns, type ColumnBinding } from './column-binding';
import { defaultProfilesDir, loadProfile, parseProfile } from './csv-profile.loader';
import type { CsvRow } from './csv-reader';
import { groupRows } from './row-grouping';

/** Rows of a file with the given header, numbered from 2 as a spreadsheet shows them under the header. */
function rowsOf(header: readonly string[], records: Record<string, string>[]): CsvRow[] {
  return records.map((cells, index) => ({
    rowNumber: index + 2,
    values: header.map((column) => cells[column] ?? ''),
  }));
}

function summary(binding: ColumnBinding, rows: CsvRow[]) {
  const { groups, problems } = groupRows(binding, rows);
  expect(problems).toEqual([]);
  return groups.map((group) => [group.noteType ?? 'invoice', group.key, group.rows.map((r) => r.rowNumber)]);
}

describe('groupRows: sales documents with the shipped india-b2b-lines profile', () => {
  const header = ['DocType', 'InvoiceNo', 'ItemDescription'];
  let binding: ColumnBinding;
  beforeAll(async () => {
    const profile = await loadProfile('india-b2b-lines', defaultProfilesDir());
    binding = bindColumns(profile, header).binding;
  });

  it('keeps an invoice and a credit note with the same number apart, wherever their rows are', () => {
    const rows = rowsOf(header, [
      { DocType: 'Tax Invoice', InvoiceNo: 'A-1', ItemDescription: 'bolt' },
      { DocType: 'Credit Note', InvoiceNo: 'A-1', ItemDescription: 'bolt returned' },
      { DocType: 'Tax Invoice', InvoiceNo: 'A-1', ItemDescription: 'nut' },
      { DocType: 'Debit Note', InvoiceNo: 'A-1', ItemDescription: 'price revised' },
      { DocType: 'Credit Note', InvoiceNo: 'A-1', ItemDescription: 'nut returned' },
    ]);
    expect(summary(binding, rows)).toEqual([
      ['invoice', 'A-1', [2, 4]],
      ['CRN', 'A-1', [3, 6]],
      ['DBN', 'A-1', [5]],
    ]);
  });

  it('reads the type as the mapper does: value-map aliases, codes in any case, the default for an empty cell', () => {
    const rows = rowsOf(header, [
      { DocType: 'Invoice', InvoiceNo: 'B-7' },
      { DocType: 'credit note', InvoiceNo: 'B-7' },
      { DocType: '', InvoiceNo: 'B-7' },
      { DocType: 'crn', InvoiceNo: 'b-7' },
      { DocType: 'INV', InvoiceNo: 'B-7' },
      { DocType: ' Sales ', InvoiceNo: 'B-7' },
      { DocType: 'DBN', InvoiceNo: 'B-7' },
    ]);
    expect(summary(binding, rows)).toEqual([
      ['invoice', 'B-7', [2, 4, 6, 7]],
      ['CRN', 'B-7', [3, 5]],
      ['DBN', 'B-7', [8]],
    ]);
  });

  it('leaves a type that is no note with the invoice, for the mapper to report the disagreement', () => {
    const rows = rowsOf(header, [
      { DocType: 'Tax Invoice', InvoiceNo: 'C-3' },
      { DocType: 'Proforma', InvoiceNo: 'C-3' },
    ]);
    expect(summary(binding, rows)).toEqual([['invoice', 'C-3', [2, 3]]]);
  });
});

describe('groupRows: profiles that give the type otherwise', () => {
  const header = ['No', 'Item'];
  const profile = (extra: string) =>
    parseProfile(`name: spec\ncolumns:\n  documentNumber: No\n  lines[].description: Item\n${extra}`, 'spec');

  it('groups by number alone when the profile has no document type at all', () => {
    const { binding } = bindColumns(profile(''), header);
    const rows = rowsOf(header, [{ No: 'A-1' }, { No: 'A-1' }]);
    expect(summary(binding, rows)).toEqual([['invoice', 'A-1', [2, 3]]]);
  });

  it('makes every document a note of a profile whose type is a constant', () => {
    const { binding } = bindColumns(profile('constants:\n  documentType: CRN\n'), header);
    const rows = rowsOf(header, [{ No: 'A-1' }, { No: 'A-2' }, { No: 'A-1' }]);
    expect(summary(binding, rows)).toEqual([
      ['CRN', 'A-1', [2, 4]],
      ['CRN', 'A-2', [3]],
    ]);
  });
});

describe('groupRows: purchase bills with the shipped india-purchases profile', () => {
  it("keeps a supplier's invoice and credit note with the same bill number apart", async () => {
    const header = ['SupplierGSTIN', 'BillNo', 'DocType', 'TaxableValue'];
    const purchases = await loadProfile('india-purchases', defaultProfilesDir());
    const { binding } = bindColumns(purchases, header);
    const rows = rowsOf(header, [
      { SupplierGSTIN: '27AABCP9932F1Z9', BillNo: 'P-5', DocType: 'Purchase', TaxableValue: '100' },
      { SupplierGSTIN: '27AABCP9932F1Z9', BillNo: 'P-5', DocType: 'Credit Note', TaxableValue: '10' },
      { SupplierGSTIN: '27AABCP9932F1Z9', BillNo: 'P-5', DocType: 'Tax Invoice', TaxableValue: '50' },
    ]);
    expect(summary(binding, rows)).toEqual([
      ['invoice', '27AABCP9932F1Z9|P-5', [2, 4]],
      ['CRN', '27AABCP9932F1Z9|P-5', [3]],
    ]);
  });
});
