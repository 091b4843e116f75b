/**
 * Maps the rows of one sales document to a CanonicalInvoice. Pure. Cells are read and checked first (bad
 * numbers, dates, units, missing required values), then missing amounts are derived, and the domain
 * validator applies the rules every connector shares. Every problem carries the canonical path of the field
 * (as a webhook document's errors do, and as overrides name fields) and, as its source and in its message,
 * the row and column it came from, so the operator can fix the spreadsheet.
 */
import {
  type CanonicalInvoice,
  type IsoDate,
  validateCanonicalInvoice,
  fieldError,
  type FieldError,
  type Outcome,
} from '../../domain';
import {
  type DraftRecord,
  deriveLineAmounts,
  deriveServiceFlag,
  deriveStateCodes,
  deriveTotals,
  isInterState,
} from './amount-derivation';
import { type ColumnBinding, type RowFields, cellPath, readRowFields, valueAt } from './column-binding';
import { LINE_PREFIX } from './csv-fields';
import type { CsvRow } from './csv-reader';
import type { CellValue } from './csv-values';

export interface SalesDocumentMapping {
  /** Known even when the document is invalid, so operators can find it. */
  documentNumber?: string;
  documentDate?: IsoDate;
  normalised: Outcome<CanonicalInvoice>;
}

/** Where each of a binding's fields goes in the draft: a path in the document, or one in each line. */
interface DraftPlan {
  /** Keys from the document (or, for a line field, from the line) down to the value. */
  keys: (readonly string[])[];
  isLine: boolean[];
}

const draftPlans = new WeakMap<ColumnBinding, DraftPlan>();

function draftPlan(binding: ColumnBinding): DraftPlan {
  let plan = draftPlans.get(binding);
  if (!plan) {
    const isLine = binding.fields.map((field) => field.path.startsWith(LINE_PREFIX));
    const keys = binding.fields.map((field, position) =>
      (isLine[position] ? field.path.slice(LINE_PREFIX.length) : field.path).split('.'),
    );
    plan = { keys, isLine };
    draftPlans.set(binding, plan);
  }
  return plan;
}

/** Sets the value at `keys` in `target`, creating the objects on the way. */
function setPath(target: DraftRecord, keys: readonly string[], value: CellValue): void {
  let node = target;
  const last = keys.length - 1;
  for (let i = 0; i < last; i++) {
    const child = node[keys[i]];
    if (typeof child === 'object' && child !== null) {
      node = child as DraftRecord;
    } else {
      const created: DraftRecord = {};
      node[keys[i]] = created;
      node = created;
    }
  }
  node[keys[last]] = value;
}

function rowRange(rows: readonly RowFields[]): string {
  const first = rows[0].rowNumber;
  const last = rows[rows.length - 1].rowNumber;
  return first === last ? `row ${first}` : `rows ${first}-${last}`;
}

/** A document's own (not line) values, by field position, and the positions in the order they were met. */
interface DocumentValues {
  values: (CellValue | undefined)[];
  order: number[];
}

/** Document-level values: the first non-empty one; rows that disagree with it are reported. */
function documentValues(
  binding: ColumnBinding,
  rows: readonly RowFields[],
  errors: FieldError[],
): DocumentValues {
  const { isLine } = draftPlan(binding);
  const values: (CellValue | undefined)[] = binding.fields.map(() => undefined);
  const sourceRow: number[] = [];
  const order: number[] = [];
  for (const row of rows) {
    for (let position = 0; position < row.values.length; position++) {
      const value = row.values[position];
      if (value === undefined || isLine[position]) continue;
      const existing = values[position];
      if (existing === undefined) {
        values[position] = value;
        sourceRow[position] = row.rowNumber;
        order.push(position);
      } else if (String(existing) !== String(value) && row.fromCell[position]) {
        const fieldPath = binding.fields[position].path;
        const column = binding.profile.columns[fieldPath];
        errors.push({
          ...fieldError(
            fieldPath,
            'document.inconsistent',
            `row ${row.rowNumber} / column ${column}: "${String(value)}" differs from "${String(existing)}" ` +
              `on row ${sourceRow[position]} of the same document`,
            String(value),
          ),
          source: cellPath(row.rowNumber, column),
        });
      }
    }
  }
  return { values, order };
}

function duplicateRowErrors(binding: ColumnBinding, rows: readonly RowFields[]): FieldError[] {
  if (binding.profile.layout !== 'document-per-row') return [];
  const column = binding.profile.columns.documentNumber;
  return rows.slice(1).map((row) => ({
    ...fieldError(
      'documentNumber',
      'document.duplicate',
      `row ${row.rowNumber} / column ${column}: this document number is already on row ${rows[0].rowNumber} ` +
        '(this profile expects one row per document)',
    ),
    source: cellPath(row.rowNumber, column),
  }));
}

function buildDraft(
  binding: ColumnBinding,
  document: DocumentValues,
  rows: readonly RowFields[],
): DraftRecord {
  const { keys, isLine } = draftPlan(binding);
  const draft: DraftRecord = {};
  for (const position of document.order)
    setPath(draft, keys[position], document.values[position] as CellValue);
  draft.lines = rows.map((row, index) => {
    const line: DraftRecord = {};
    for (let position = 0; position < row.values.length; position++) {
      const value = row.values[position];
      if (value !== undefined && isLine[position]) setPath(line, keys[position], value);
    }
    line.lineNo ??= index + 1;
    return line;
  });
  return draft;
}

/** A cell's error (path: the cell) under the canonical path of its field; the cell becomes its source. */
function canonicalCellError(error: FieldError, fieldPath: string, lineIndex: number): FieldError {
  const path = fieldPath.startsWith(LINE_PREFIX)
    ? `lines[${lineIndex}].${fieldPath.slice(LINE_PREFIX.length)}`
    : fieldPath;
  return { ...error, path, source: error.path };
}

/** Gives a validator error (canonical path) the row and column the value came from, as source and in words. */
function toRowError(binding: ColumnBinding, rows: readonly RowFields[], error: FieldError): FieldError {
  const { columns } = binding.profile;
  const lineMatch = /^lines\[(\d+)\](?:\.(.+))?$/.exec(error.path);
  let row: RowFields;
  let profilePath: string;
  if (lineMatch) {
    row = rows[Math.min(Number(lineMatch[1]), rows.length - 1)];
    profilePath = lineMatch[2] ? `${LINE_PREFIX}${lineMatch[2]}` : '';
  } else {
    profilePath = error.path;
    const position = binding.fieldIndex.get(profilePath);
    row =
      (position === undefined ? undefined : rows.find((candidate) => candidate.fromCell[position])) ??
      rows[0];
  }
  const column = profilePath ? columns[profilePath] : undefined;
  if (column) {
    return {
      ...error,
      message: `row ${row.rowNumber} / column ${column}: ${error.message}`,
      source: cellPath(row.rowNumber, column),
    };
  }
  const where = lineMatch ? `row ${row.rowNumber}` : rowRange(rows);
  return {
    ...error,
    message: `${where} / ${error.path}: ${error.message}`,
    source: `rows[${row.rowNumber}]`,
  };
}

function textOrUndefined(value: CellValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function mapSalesDocument(binding: ColumnBinding, csvRows: readonly CsvRow[]): SalesDocumentMapping {
  const rows = csvRows.map((row) => readRowFields(binding, row));
  const errors: FieldError[] = [];
  rows.forEach((row, lineIndex) =>
    row.errors.forEach((error, i) => errors.push(canonicalCellError(error, row.errorFields[i], lineIndex))),
  );
  errors.push(...duplicateRowErrors(binding, rows));
  const document = documentValues(binding, rows, errors);
  const documentNumber = textOrUndefined(valueAt(binding, document.values, 'documentNumber'));
  const documentDate = textOrUndefined(valueAt(binding, document.values, 'documentDate'));
  if (errors.length > 0) return { documentNumber, documentDate, normalised: { ok: false, errors } };

  const draft = buildDraft(binding, document, rows);
  const lines = draft.lines as DraftRecord[];
  if (binding.profile.derive.stateFromGstin) deriveStateCodes(draft);
  const interState = isInterState(draft);
  for (const line of lines) {
    deriveServiceFlag(line);
    deriveLineAmounts(line, interState, binding.profile.derive);
  }
  deriveTotals(draft, lines, binding.profile.derive);

  const validated = validateCanonicalInvoice(draft);
  const toRow = (error: FieldError): FieldError => toRowError(binding, rows, error);
  if (validated.ok) {
    const warnings = validated.warnings?.map(toRow);
    return { documentNumber, documentDate, normalised: warnings ? { ...validated, warnings } : validated };
  }
  return { documentNumber, documentDate, normalised: { ok: false, errors: validated.errors.map(toRow) } };
}
