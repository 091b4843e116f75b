/**
 * Bills of entry in the shipped `india-purchases` register (issue 28, finding 4): grouped by BOE number (no
 * supplier GSTIN for a supplier abroad), mapped as BOE with their port code when given; a malformed port code
 * is an error naming the cell; an ordinary bill still needs its GSTIN.
 */
import { bindColumns, type ColumnBinding } from './column-binding';
import { defaultProfilesDir, loadProfile } from './csv-profile.loader';
import type { CsvRow } from './csv-reader';
import { mapPurchaseRecord } from './purchase-record.mapper';
import { groupRows } from './row-grouping';

const HEADER = [
  'VoucherNo',
  'SupplierGSTIN',
  'BillNo',
  'BillDate',
  'DocType',
  'TaxableValue',
  'IGST',
  'PortCode',
];

function row(rowNumber: number, cells: Record<string, string>): CsvRow {
  return { rowNumber, values: HEADER.map((column) => cells[column] ?? '') };
}

let binding: ColumnBinding;
beforeAll(async () => {
  const profile = await loadProfile('india-purchases', defaultProfilesDir());
  binding = bindColumns(profile, HEADER).binding;
});

const boe = (rowNumber: number, overrides: Record<string, string> = {}) =>
  row(rowNumber, {
    VoucherNo: 'V-1',
    BillNo: '2566282',
    BillDate: '18-10-2026',
    DocType: 'Bill of Entry',
    TaxableValue: '40000.00',
    IGST: '7200.00',
    PortCode: 'inmaa1',
    ...overrides,
  });

describe('bills of entry in the purchase register', () => {
  it('groups a bill of entry without supplier GSTIN by port and BOE number and maps it as BOE', () => {
    const { groups, ungrouped } = groupRows(binding, [
      boe(2),
      boe(3, { IGST: '0.00', TaxableValue: '100.00' }),
    ]);
    expect(ungrouped).toEqual([]);
    expect(groups.map((g) => [g.key, g.rows.map((r) => r.rowNumber)])).toEqual([['2566282|V-1', [2, 3]]]);
    const outcome = mapPurchaseRecord(binding, groups[0].rows);
    expect(outcome.ok && outcome.value).toEqual(
      expect.objectContaining({
        documentType: 'BOE',
        supplierGstin: '',
        billNumber: '2566282',
        billDate: '2026-10-18',
        portCode: 'INMAA1',
        taxableValue: '40100.00',
        igst: '7200.00',
      }),
    );
  });

  it('takes a bill of entry without a port code, and refuses a malformed one naming the cell', () => {
    const { groups } = groupRows(binding, [boe(2, { PortCode: '' })]);
    const without = mapPurchaseRecord(binding, groups[0].rows);
    expect(without.ok && [without.value.documentType, without.value.portCode]).toEqual(['BOE', undefined]);
    const bad = groupRows(binding, [boe(2, { PortCode: 'MAA' })]);
    const outcome = mapPurchaseRecord(binding, bad.groups[0].rows);
    expect(!outcome.ok && outcome.errors.map((e) => [e.path, e.rule])).toEqual([
      ['rows[2].PortCode', 'portCode'],
    ]);
  });

  it('still needs a valid GSTIN on an ordinary bill', () => {
    const { groups } = groupRows(binding, [
      boe(2, { DocType: 'INV', SupplierGSTIN: '29AABCR6898M1ZX', PortCode: '' }),
    ]);
    const outcome = mapPurchaseRecord(binding, groups[0].rows);
    expect(!outcome.ok && outcome.errors.map((e) => e.path)).toEqual(['rows[2].SupplierGSTIN']);
  });
});
