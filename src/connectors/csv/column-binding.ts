/**
 * Binds a profile's field paths to the columns of one file's header, and reads a row's cells into field
 * values. A cell that cannot be read becomes a FieldError whose path names the spreadsheet row and the
 * column (`rows[7].BuyerGSTIN`) and whose message says the same for people ("row 7 / column BuyerGSTIN: ...").
 */
import { fieldError, type FieldError } from '../../domain/field-error';
import { fieldKind } from './csv-fields';
import type { CsvProfile } from './csv-profile';
import type { CsvRow } from './csv-reader';
import { parseCell, type CellValue } from './csv-values';

export interface ColumnBinding {
  profile: CsvProfile;
  /** Field path → index of its column in this file (only columns present in the header). */
  indexByPath: ReadonlyMap<string, number>;
  /** Profile defaults merged with the instance's own (instance wins). */
  defaults: Readonly<Record<string, string>>;
  /** Every field path the profile gives a value for, in a stable order. */
  paths: readonly string[];
}

export interface BindingResult {
  binding: ColumnBinding;
  /** Required or key columns missing from the header. */
  problems: FieldError[];
  /** False when a key column (document number, ...) is missing: no document can be told apart. */
  usable: boolean;
}

/** What one row says, field by field. */
export interface RowFields {
  rowNumber: number;
  values: Map<string, CellValue>;
  /** Field path → the column a value came from (absent for constants and defaults). */
  columns: Map<string, string>;
  errors: FieldError[];
}

const KEY_PATHS: Record<CsvProfile['direction'], readonly string[]> = {
  sales: ['documentNumber'],
  purchase: ['supplierGstin', 'billNumber', 'billDate'],
};

/** Path and message prefix for a problem in one cell. */
export function cellPath(rowNumber: number, columnOrField: string): string {
  return `rows[${rowNumber}].${columnOrField}`;
}

export function cellLabel(rowNumber: number, column: string | undefined, fieldPath: string): string {
  return column ? `row ${rowNumber} / column ${column}` : `row ${rowNumber} / ${fieldPath} (profile value)`;
}

function findColumn(header: readonly string[], name: string): number {
  const exact = header.indexOf(name);
  if (exact >= 0) return exact;
  const wanted = name.trim().toLowerCase();
  return header.findIndex((column) => column.trim().toLowerCase() === wanted);
}

export function bindColumns(
  profile: CsvProfile,
  header: readonly string[],
  instanceDefaults: Readonly<Record<string, string>> = {},
): BindingResult {
  const defaults = { ...profile.defaults, ...instanceDefaults };
  const indexByPath = new Map<string, number>();
  const problems: FieldError[] = [];
  for (const [path, column] of Object.entries(profile.columns)) {
    const index = findColumn(header, column);
    if (index >= 0) indexByPath.set(path, index);
  }
  const hasValue = (path: string): boolean =>
    indexByPath.has(path) || path in profile.constants || path in defaults;

  let usable = true;
  for (const path of KEY_PATHS[profile.direction]) {
    if (!indexByPath.has(path)) {
      usable = false;
      const column = profile.columns[path] ?? path;
      problems.push(
        fieldError(
          `header.${column}`,
          'column.missing',
          `column ${column} (${path}) is not in the header row; no document can be read`,
        ),
      );
    }
  }
  for (const path of profile.required) {
    if (KEY_PATHS[profile.direction].includes(path) || hasValue(path)) continue;
    const column = profile.columns[path];
    problems.push(
      fieldError(
        `header.${column ?? path}`,
        'column.missing',
        column
          ? `column ${column} (${path}, required) is not in the header row`
          : `${path} is required but the profile maps no column, constant or default to it`,
      ),
    );
  }

  const paths = [
    ...new Set([
      ...Object.keys(profile.columns),
      ...Object.keys(profile.constants),
      ...Object.keys(defaults),
      ...profile.required,
    ]),
  ];
  return { binding: { profile, indexByPath, defaults, paths }, problems, usable };
}

/** The trimmed text of a field's cell in a row ('' when its column is absent). */
export function cellText(binding: ColumnBinding, row: CsvRow, path: string): string {
  const index = binding.indexByPath.get(path);
  return index === undefined ? '' : (row.values[index] ?? '').trim();
}

/** The text a field takes in a row: its constant, else its cell, else its default. */
function givenText(binding: ColumnBinding, path: string, cell: string): string | undefined {
  return binding.profile.constants[path] ?? (cell !== '' ? cell : binding.defaults[path]);
}

/** Non-empty given text through the field's value map ("Credit Note" → CRN). */
function mappedText(binding: ColumnBinding, path: string, text: string): string {
  return binding.profile.valueMaps[path]?.[text.trim().toLowerCase()] ?? text.trim();
}

/** A field's text in a row as the profile reads it, before parsing: undefined when it has none. */
export function fieldText(binding: ColumnBinding, row: CsvRow, path: string): string | undefined {
  const text = givenText(binding, path, cellText(binding, row, path));
  return text === undefined || text.trim() === '' ? undefined : mappedText(binding, path, text);
}

export function readRowFields(binding: ColumnBinding, row: CsvRow): RowFields {
  const { profile } = binding;
  const fields: RowFields = { rowNumber: row.rowNumber, values: new Map(), columns: new Map(), errors: [] };
  const format = { dateFormat: profile.dateFormat, decimalSeparator: profile.decimalSeparator };
  for (const path of binding.paths) {
    const kind = fieldKind(profile.direction, path);
    if (!kind) continue;
    const cell = cellText(binding, row, path);
    const column = cell !== '' ? profile.columns[path] : undefined;
    const text = givenText(binding, path, cell);
    const label = cellLabel(row.rowNumber, column ?? profile.columns[path], path);
    const errorPath = cellPath(row.rowNumber, column ?? profile.columns[path] ?? path);
    if (text === undefined || text.trim() === '') {
      if (profile.required.includes(path)) {
        fields.errors.push(fieldError(errorPath, 'required', `${label}: a value is required (${path})`, ''));
      }
      continue;
    }
    const mapped = mappedText(binding, path, text);
    const parsed = parseCell(kind, mapped, format);
    if (parsed.ok) {
      fields.values.set(path, parsed.value);
      if (column) fields.columns.set(path, column);
    } else {
      fields.errors.push(fieldError(errorPath, parsed.rule, `${label}: ${parsed.message}`, text));
    }
  }
  return fields;
}
