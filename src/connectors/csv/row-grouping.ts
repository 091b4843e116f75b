/**
 * Splits a file's rows into documents. `line-per-row`: rows sharing a document key (sales: document number;
 * purchases: supplier GSTIN + bill number; a bill of entry: its BOE number, since a supplier abroad has no
 * GSTIN) and a document type form one document, wherever they are in the
 * file. An invoice and a credit or debit note with the same number are two documents; every type that is
 * not a note counts as an invoice here, so rows that disagree on it stay together and the mapper reports
 * them. `document-per-row`: each row is a document; rows repeating a key are grouped and reported by the
 * mapper.
 */
import { fieldError, type FieldError } from '../../domain';
import { type ColumnBinding, cellLabel, cellPath, cellText, fieldText } from './column-binding';
import type { CsvRow } from './csv-reader';
import { type NoteType, noteTypeOf } from './document-identity';

export interface RowGroup {
  /** The key cells as written, joined by "|" (sales: just the document number). */
  key: string;
  /** Set when the rows are a credit or debit note's; undefined for an invoice's. */
  noteType?: NoteType;
  rows: CsvRow[];
}

const GROUP_KEY_PATHS = {
  sales: ['documentNumber'],
  purchase: ['supplierGstin', 'billNumber'],
} as const;
const BILL_OF_ENTRY_KEY_PATHS = ['billNumber'] as const;

/** The row's document type reads BOE (column, constant or default, through the profile's value map). */
export function isBillOfEntry(binding: ColumnBinding, row: CsvRow): boolean {
  return fieldText(binding, row, 'documentType')?.toUpperCase() === 'BOE';
}

export function groupRows(
  binding: ColumnBinding,
  rows: readonly CsvRow[],
): { groups: RowGroup[]; problems: FieldError[]; ungrouped: { row: CsvRow; error: FieldError }[] } {
  const { profile } = binding;
  const keyPaths = GROUP_KEY_PATHS[profile.direction];
  const groups = new Map<string, RowGroup>();
  const problems: FieldError[] = [];
  const ungrouped: { row: CsvRow; error: FieldError }[] = [];
  for (const row of rows) {
    const billOfEntry = profile.direction === 'purchase' && isBillOfEntry(binding, row);
    const rowKeyPaths = billOfEntry ? BILL_OF_ENTRY_KEY_PATHS : keyPaths;
    const parts = rowKeyPaths.map((path) => cellText(binding, row, path).toUpperCase());
    const missing = rowKeyPaths.find((_, i) => parts[i] === '');
    if (missing) {
      const column = profile.columns[missing];
      const error = fieldError(
        cellPath(row.rowNumber, column ?? missing),
        'required',
        `${cellLabel(row.rowNumber, column, missing)}: empty, so the row belongs to no document`,
        '',
      );
      problems.push(error);
      ungrouped.push({ row, error });
      continue;
    }
    // Purchases: a bill's rows are one voucher's. Two vouchers of one bill number (a double booking, or the
    // same number reused by the supplier in another financial year) are two documents, never summed.
    const voucher =
      profile.direction === 'purchase' && profile.columns.erpId !== undefined
        ? cellText(binding, row, 'erpId').toUpperCase()
        : '';
    const key = voucher === '' ? parts.join('|') : [...parts, voucher].join('|');
    const noteType = noteTypeOf(binding, row);
    // The type is one of a few fixed words, so a space after it cannot be confused with a key's own.
    const typedKey = `${billOfEntry ? 'BOE' : (noteType ?? 'INV')} ${key}`;
    const group = groups.get(typedKey) ?? { key, ...(noteType ? { noteType } : {}), rows: [] };
    group.rows.push(row);
    groups.set(typedKey, group);
  }
  return { groups: [...groups.values()], problems, ungrouped };
}
