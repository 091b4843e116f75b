/**
 * Cells written to a CSV that people open in a spreadsheet, neutralised against formula injection (CSV
 * injection, OWASP): a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is run as a
 * formula by Excel, LibreOffice and Google Sheets (`=HYPERLINK(...)`, `@SUM(...)`, `-2+3`). Such a cell
 * is written with a single quote in front, which the spreadsheet shows as text and does not evaluate.
 *
 * Deliberate exception: a cell that is nothing but a number (`-125.50`, `+3`, `-1,234.00`, `-0,5`) is
 * left as it is. Credit notes, discounts and adjustments carry negative amounts in numeric columns;
 * quoting them would turn them into text and break every sum over the column, and a spreadsheet reads a
 * plain number as a number, never as a formula. Anything else after the sign (`-2+3`, `-A1`) is quoted.
 *
 * Idempotent: a neutralised cell starts with the quote, so writing it again leaves it unchanged (the
 * result file is read back and rewritten on every write-back).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:[.,]\d+)?$/;

export function neutraliseFormula(cell: string): string {
  if (!FORMULA_START.test(cell) || PLAIN_NUMBER.test(cell)) return cell;
  return `'${cell}`;
}
