/**
 * Binds a profile's field paths to the columns of one file's header, and reads a row's cells into field
 * values. A cell that cannot be read becomes a FieldError whose path names the spreadsheet row and the
 * column (`rows[7].BuyerGSTIN`) and whose message says the same for people ("row 7 / column BuyerGSTIN: ...");
 * a sales document re-addresses them to canonical paths (see sales-document.mapper).
 */
import { fieldError, type FieldError } from '../../domain';
import { type FieldKind, fieldKind } from './csv-fields';
import type { CsvProfile } from './csv-profile';
import type { CsvRow } from './csv-reader';
import { delimiterDiagnosis } from './delimiter-diagnosis';
import { parseCell, type CellValue } from './csv-values';

export interface ColumnBinding {
  profile: CsvProfile;
  /** Field path → index of its column in this file (only columns present in the header). */
  indexByPath: ReadonlyMap<string, number>;
  /** Profile defaults merged with the instance's own (instance wins). */
  defaults: Readonly<Record<string, string>>;
  /** Every field path the profile gives a value for, in a stable order. */
  paths: readonly string[];
  /** The mappable ones among `paths`, with what reading a row needs of each worked out once per file. */
  fields: readonly BoundField[];
  /** Field path → its position in `fields` (and in a row's values). */
  fieldIndex: ReadonlyMap<string, number>;
}

/** A field as this file provides it. */
export interface BoundField {
  path: string;
  kind: FieldKind;
  /** Position of its column in this file; undefined when the header lacks the column. */
  index: number | undefined;
  /** The profile's column for it, whether or not the header has it. */
  column: string | undefined;
  constant: string | undefined;
  fallback: string | undefined;
  valueMap: Readonly<Record<string, string>> | undefined;
  required: boolean;
}

export interface BindingResult {
  binding: ColumnBinding;
  /** Required or key columns missing from the header. */
  problems: FieldError[];
  /** False when a key column (document number, ...) is missing: no document can be told apart. */
  usable: boolean;
}

/** What one row says, field by field: values and flags are kept by position in the binding's fields. */
export interface RowFields {
  rowNumber: number;
  /** A field's value in this row; undefined when it has none (or it could not be read). */
  values: (CellValue | undefined)[];
  /** Whether a field's value came from the row's own cell (not from a constant or a default). */
  fromCell: boolean[];
  errors: FieldError[];
  /** The profile field path (`buyer.gstin`, `lines[].quantity`) each of `errors` is about, in order. */
  errorFields: string[];
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
  const missingKeys = KEY_PATHS[profile.direction].filter((path) => !indexByPath.has(path));
  const separator =
    missingKeys.length > 0
      ? delimiterDiagnosis(header, profile.delimiter, Object.values(profile.columns))
      : undefined;
  if (separator) problems.push(fieldError('header', 'csv.delimiter', separator));
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
  const fields = paths.flatMap((path): BoundField[] => {
    const kind = fieldKind(profile.direction, path);
    if (!kind) return [];
    return [
      {
        path,
        kind,
        index: indexByPath.get(path),
        column: profile.columns[path],
        constant: profile.constants[path],
        fallback: defaults[path],
        valueMap: profile.valueMaps[path],
        required: profile.required.includes(path),
      },
    ];
  });
  const fieldIndex = new Map(fields.map((field, position) => [field.path, position]));
  return { binding: { profile, indexByPath, defaults, paths, fields, fieldIndex }, problems, usable };
}

/** A field's value among values kept by field position (a row's, or a document's gathered from its rows). */
export function valueAt(
  binding: ColumnBinding,
  values: readonly (CellValue | undefined)[],
  path: string,
): CellValue | undefined {
  const position = binding.fieldIndex.get(path);
  return position === undefined ? undefined : values[position];
}

/** The trimmed text of a field's cell in a row ('' when its column is absent). */
export function cellText(binding: ColumnBinding, row: CsvRow, path: string): string {
  const index = binding.indexByPath.get(path);
  return index === undefined ? '' : (row.values[index] ?? '').trim();
}

/** What a field's text comes from besides its cell. */
type FieldSource = Pick<BoundField, 'constant' | 'fallback' | 'valueMap'>;

/** The text a field takes in a row: its constant, else its (trimmed) cell, else its default. */
function givenText(field: FieldSource, cell: string): string | undefined {
  return field.constant ?? (cell !== '' ? cell : field.fallback);
}

/** Non-empty trimmed given text through the field's value map ("Credit Note" → CRN). */
function mappedText(field: FieldSource, trimmed: string): string {
  return field.valueMap?.[trimmed.toLowerCase()] ?? trimmed;
}

/** A field's text in a row as the profile reads it, before parsing: undefined when it has none. */
export function fieldText(binding: ColumnBinding, row: CsvRow, path: string): string | undefined {
  const { profile } = binding;
  const position = binding.fieldIndex.get(path);
  const field: FieldSource =
    position !== undefined
      ? binding.fields[position]
      : {
          constant: profile.constants[path],
          fallback: binding.defaults[path],
          valueMap: profile.valueMaps[path],
        };
  const trimmed = givenText(field, cellText(binding, row, path))?.trim();
  return trimmed ? mappedText(field, trimmed) : undefined;
}

export function readRowFields(binding: ColumnBinding, row: CsvRow): RowFields {
  const { profile } = binding;
  const { rowNumber } = row;
  const fields: RowFields = { rowNumber, values: [], fromCell: [], errors: [], errorFields: [] };
  const format = { dateFormat: profile.dateFormat, decimalSeparator: profile.decimalSeparator };
  for (let position = 0; position < binding.fields.length; position++) {
    const field = binding.fields[position];
    const { path, column } = field;
    fields.values.push(undefined);
    fields.fromCell.push(false);
    const cell = field.index === undefined ? '' : (row.values[field.index] ?? '').trim();
    const text = givenText(field, cell);
    // A cell is trimmed already; only a constant or a default can still carry spaces.
    const trimmed = text === undefined ? '' : text === cell ? cell : text.trim();
    if (trimmed === '') {
      if (field.required) {
        fields.errors.push(
          fieldError(
            cellPath(rowNumber, column ?? path),
            'required',
            `${cellLabel(rowNumber, column, path)}: a value is required (${path})`,
            '',
          ),
        );
        fields.errorFields.push(path);
      }
      continue;
    }
    const mapped = mappedText(field, trimmed);
    const parsed = parseCell(field.kind, mapped, format);
    if (parsed.ok) {
      fields.values[position] = parsed.value;
      fields.fromCell[position] = cell !== '' && Boolean(column);
    } else {
      fields.errors.push(
        fieldError(
          cellPath(rowNumber, column ?? path),
          parsed.rule,
          `${cellLabel(rowNumber, column, path)}: ${parsed.message}`,
          text,
        ),
      );
      fields.errorFields.push(path);
    }
  }
  return fields;
}
