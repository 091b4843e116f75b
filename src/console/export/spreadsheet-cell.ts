/**
 * A text cell made safe for spreadsheets: a value starting with = + - @ (or a tab or carriage return,
 * which some spreadsheet programs strip before reading one of those) would be read as a formula when
 * the export is opened, so it gets a leading apostrophe, which spreadsheets show as text (OWASP's
 * advice for CSV injection). The lead may unify this with the CSV connector's result-file neutraliser.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
