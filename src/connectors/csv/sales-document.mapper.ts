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
import { type ColumnBinding, type RowFields, cellPath, readRowFields } from './column-binding';
import { LINE_PREFIX } from './csv-fields';
import type { CsvRow } from './csv-reader';
import type { CellValue } from './csv-values';

export interface SalesDocumentMapping {
  /** Known even when the document is invalid, so operators can find it. */
  documentNumber?: string;
  documentDate?: IsoDate;
  normalised: Outcome<CanonicalInvoice>;
}

function setPath(target: DraftRecord, path: string, value: CellValue): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const child = node[key];
    if (typeof child === 'object' && child !== null) {
      node = child as DraftRecord;
    } else {
      const created: DraftRecord = {};
      node[key] = created;
      node = created;
    }
  }
  node[keys[keys.length - 1]] = value;
}

function isLinePath(path: string): boolean {
  return path.startsWith(LINE_PREFIX);
}

function rowRange(rows: readonly RowFields[]): string {
  const first = rows[0].rowNumber;
  const last = rows[rows.length - 1].rowNumber;
  return first === last ? `row ${first}` : `rows ${first}-${last}`;
}

/** Document-level values: the first non-empty one; rows that disagree with it are reported. */
function documentValues(
  binding: ColumnBinding,
  rows: readonly RowFields[],
  errors: FieldError[],
): Map<string, CellValue> {
  const values = new Map<string, CellValue>();
  const sourceRow = new Map<string, number>();
  for (const row of rows) {
    for (const [path, value] of row.values) {
      if (isLinePath(path)) continue;
      const existing = values.get(path);
      if (existing === undefined) {
        values.set(path, value);
        sourceRow.set(path, row.rowNumber);
      } else if (String(existing) !== String(value) && row.columns.has(path)) {
        const column = binding.profile.columns[path];
        errors.push(
          fieldError(
            cellPath(row.rowNumber, column),
            'document.inconsistent',
            `row ${row.rowNumber} / column ${column}: "${String(value)}" differs from "${String(existing)}" ` +
              `on row ${sourceRow.get(path)} of the same document`,
            String(value),
          ),
        );
      }
    }
  }
  return values;
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

function buildDraft(values: Map<string, CellValue>, rows: readonly RowFields[]): DraftRecord {
  const draft: DraftRecord = {};
  for (const [path, value] of values) setPath(draft, path, value);
  draft.lines = rows.map((row, index) => {
    const line: DraftRecord = {};
    for (const [path, value] of row.values) {
      if (isLinePath(path)) setPath(line, path.slice(LINE_PREFIX.length), value);
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
    row = rows.find((candidate) => candidate.columns.has(profilePath)) ?? rows[0];
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

export function mapSalesDocument(binding: ColumnBinding, csvRows: readonly CsvRow[]): SalesDocumentMapping {
  const rows = csvRows.map((row) => readRowFields(binding, row));
  const errors = rows.flatMap((row) => row.errors);
  errors.push(...duplicateRowErrors(binding, rows));
  const values = documentValues(binding, rows, errors);
  const documentNumber = values.get('documentNumber');
  const documentDate = values.get('documentDate');
  const identity = {
    documentNumber: typeof documentNumber === 'string' ? documentNumber : undefined,
    documentDate: typeof documentDate === 'string' ? documentDate : undefined,
  };
  if (errors.length > 0) return { ...identity, normalised: { ok: false, errors } };

  const draft = buildDraft(values, rows);
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
    return { ...identity, normalised: warnings ? { ...validated, warnings } : validated };
  }
  return {
    ...identity,
    normalised: { ok: false, errors: validated.errors.map(toRow) },
  };
}
