/**
 * Maps the rows of one sales document to a CanonicalInvoice. Pure. Cells are read and checked first (bad
 * numbers, dates, units, missing required values), then missing amounts are derived, and the domain
 * validator applies the rules every connector shares. Every problem is reported against the row and column
 * it came from, so the operator can fix the spreadsheet.
 */
import type { CanonicalInvoice, IsoDate } from '../../domain/canonical-invoice';
import { validateCanonicalInvoice } from '../../domain/canonical-invoice.validator';
import { fieldError, type FieldError, type Outcome } from '../../domain/field-error';
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
        const column = binding.profile.columns[binding.fields[position].path];
        errors.push(
          fieldError(
            cellPath(row.rowNumber, column),
            'document.inconsistent',
            `row ${row.rowNumber} / column ${column}: "${String(value)}" differs from "${String(existing)}" ` +
              `on row ${sourceRow[position]} of the same document`,
            String(value),
          ),
        );
      }
    }
  }
  return { values, order };
}

function duplicateRowErrors(binding: ColumnBinding, rows: readonly RowFields[]): FieldError[] {
  if (binding.profile.layout !== 'document-per-row') return [];
  const column = binding.profile.columns.documentNumber;
  return rows
    .slice(1)
    .map((row) =>
      fieldError(
        cellPath(row.rowNumber, column),
        'document.duplicate',
        `row ${row.rowNumber} / column ${column}: this document number is already on row ${rows[0].rowNumber} ` +
          '(this profile expects one row per document)',
      ),
    );
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

/** Re-addresses a validator error (canonical path) to the row and column the value came from. */
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
      path: cellPath(row.rowNumber, column),
      message: `row ${row.rowNumber} / column ${column}: ${error.message}`,
    };
  }
  const where = lineMatch ? `row ${row.rowNumber}` : rowRange(rows);
  return {
    ...error,
    path: cellPath(row.rowNumber, error.path),
    message: `${where} / ${error.path}: ${error.message}`,
  };
}

function textOrUndefined(value: CellValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function mapSalesDocument(binding: ColumnBinding, csvRows: readonly CsvRow[]): SalesDocumentMapping {
  const rows = csvRows.map((row) => readRowFields(binding, row));
  const errors: FieldError[] = [];
  for (const row of rows) errors.push(...row.errors);
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
