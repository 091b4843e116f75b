/**
 * The report as a table (CSV, XLSX, supplier statements): columns, their headers, and each row's cells as
 * text neutralised against spreadsheet formulas. Pure.
 */
import type { ReportRow } from '../database/repositories';
import { neutraliseFormula } from '../domain';

export type ReportColumn = [keyof ReportRow | 'differenceText' | 'explanationText' | 'request', string];

export const REPORT_COLUMNS: ReportColumn[] = [
  ['category', 'Category'],
  ['rule', 'Rule'],
  ['supplierGstin', 'Supplier GSTIN'],
  ['supplierName', 'Supplier name'],
  ['erpId', 'ERP id'],
  ['billNumber', 'Bill number (books)'],
  ['billDate', 'Bill date (books)'],
  ['purchaseType', 'Type (books)'],
  ['purchaseTaxable', 'Taxable (books)'],
  ['purchaseTax', 'Tax (books)'],
  ['section', '2B section'],
  ['gstr2bNumber', 'Number (2B)'],
  ['gstr2bDate', 'Date (2B)'],
  ['gstr2bTaxable', 'Taxable (2B)'],
  ['gstr2bTax', 'Tax (2B)'],
  ['itcAvailability', 'ITC available (2B)'],
  ['itcUnavailableReason', 'ITC reason (2B)'],
  ['reverseCharge', 'Reverse charge (2B)'],
  ['itcAtStake', 'ITC at stake'],
  ['differenceText', 'Differences'],
  ['explanationText', 'Why'],
  ['decision', 'Decision'],
  ['decidedBy', 'Decided by'],
  ['id', 'Match id'],
];

/**
 * Columns written as numbers in a workbook, so that the tax team can sum and filter them. A spreadsheet
 * keeps numbers as doubles: exact to the paisa for any amount under 10^13, which is all a return holds.
 */
export const AMOUNT_COLUMNS = new Set<string>([
  'purchaseTaxable',
  'purchaseTax',
  'gstr2bTaxable',
  'gstr2bTax',
  'itcAtStake',
]);

/** A row's cells in `columns` order, every cell text and neutralised. */
export function tableRow(row: ReportRow, columns: readonly ReportColumn[], request?: string): string[] {
  const extended: Record<string, unknown> = {
    ...row,
    differenceText: (row.differences as { field: string; books: string; gstr2b: string }[])
      .map((d) => `${d.field}: ${d.books} (books) / ${d.gstr2b} (2B)`)
      .join('; '),
    explanationText: row.explanation.join('; '),
    request,
  };
  return columns.map(([key]) => neutraliseFormula(cellText(extended[key])));
}

/** Cells of a workbook row: amounts as numbers where the column holds amounts. */
export function workbookRow(cells: readonly string[], columns: readonly ReportColumn[]): (string | number)[] {
  return cells.map((cell, i) => (AMOUNT_COLUMNS.has(columns[i][0]) && isAmount(cell) ? Number(cell) : cell));
}

/** A decimal amount as PostgreSQL's numeric prints it (a neutralised cell never is one). */
function isAmount(cell: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(cell);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
