/**
 * What a CSV SourceDocument carries as `raw`: enough to show the operator the original rows and to write
 * the result CSV next to them later, in another process, from what the database kept.
 */
import { isNoteType, type NoteType } from './document-identity';

export interface CsvRawRow {
  rowNumber: number;
  values: string[];
}

export interface CsvRawDocument {
  /** File name as kept in the processed directory (unique there); the result file is named after it. */
  sourceFile: string;
  /** Name the file arrived with in the inbox. */
  originalFile: string;
  profile: string;
  /** A credit or debit note's type (part of its id and QR image name); absent for an invoice, and for
   * documents pulled before notes were told apart. */
  noteType?: NoteType;
  header: string[];
  rows: CsvRawRow[];
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export function isCsvRawDocument(value: unknown): value is CsvRawDocument {
  if (typeof value !== 'object' || value === null) return false;
  const raw = value as Record<string, unknown>;
  return (
    typeof raw.sourceFile === 'string' &&
    typeof raw.profile === 'string' &&
    (raw.noteType === undefined || isNoteType(raw.noteType)) &&
    isStringArray(raw.header) &&
    Array.isArray(raw.rows) &&
    raw.rows.every((row: unknown) => {
      const candidate = row as Record<string, unknown> | null;
      return typeof candidate?.rowNumber === 'number' && isStringArray(candidate.values);
    })
  );
}
