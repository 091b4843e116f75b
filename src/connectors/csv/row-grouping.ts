/**
 * Splits a file's rows into documents. `line-per-row`: rows sharing a document key (sales: document number;
 * purchases: supplier GSTIN + bill number) form one document, wherever they are in the file.
 * `document-per-row`: each row is a document; rows repeating a key are grouped and reported by the mapper.
 */
import { fieldError, type FieldError } from '../../domain/field-error';
import { type ColumnBinding, cellLabel, cellPath, cellText } from './column-binding';
import type { CsvRow } from './csv-reader';

export interface RowGroup {
  /** The key cells as written, joined by "|" (sales: just the document number). */
  key: string;
  rows: CsvRow[];
}

const GROUP_KEY_PATHS = {
  sales: ['documentNumber'],
  purchase: ['supplierGstin', 'billNumber'],
} as const;

export function groupRows(
  binding: ColumnBinding,
  rows: readonly CsvRow[],
): { groups: RowGroup[]; problems: FieldError[] } {
  const { profile } = binding;
  const keyPaths = GROUP_KEY_PATHS[profile.direction];
  const groups = new Map<string, RowGroup>();
  const problems: FieldError[] = [];
  for (const row of rows) {
    const parts = keyPaths.map((path) => cellText(binding, row, path).toUpperCase());
    const missing = keyPaths.find((_, i) => parts[i] === '');
    if (missing) {
      const column = profile.columns[missing];
      problems.push(
        fieldError(
          cellPath(row.rowNumber, column ?? missing),
          'required',
          `${cellLabel(row.rowNumber, column, missing)}: empty, so the row belongs to no document`,
          '',
        ),
      );
      continue;
    }
    const key = parts.join('|');
    const group = groups.get(key) ?? { key, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return { groups: [...groups.values()], problems };
}
