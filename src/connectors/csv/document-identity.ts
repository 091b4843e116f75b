/**
 * What tells one CSV document from another besides its number. In India an invoice and a credit or debit
 * note may carry the same number (the IRN itself hashes seller GSTIN + financial year + document type +
 * number), so a note's rows, id and QR image name carry its type. An invoice's do not, so that the ids of
 * invoices stored before notes were told apart stay what they were.
 */
import { type ColumnBinding, fieldText } from './column-binding';
import type { CsvRow } from './csv-reader';

export type NoteType = 'CRN' | 'DBN';

const NOTE_TYPES: readonly NoteType[] = ['CRN', 'DBN'];

export function isNoteType(value: unknown): value is NoteType {
  return typeof value === 'string' && (NOTE_TYPES as readonly string[]).includes(value);
}

/**
 * The row's document type when it is a credit or debit note, read as the mapper reads it (column, constant
 * or default, through the profile's value map, upper-cased). Undefined for an invoice, for a profile with
 * no document type, and for a type the mapper will report as invalid.
 */
export function noteTypeOf(binding: ColumnBinding, row: CsvRow): NoteType | undefined {
  const type = fieldText(binding, row, 'documentType')?.toUpperCase();
  return isNoteType(type) ? type : undefined;
}

/**
 * A document id with a note's type appended: `india-b2b-lines:A-1:2026-27` for invoice A-1 of 2026-27,
 * `india-b2b-lines:A-1:2026-27:CRN` for credit note A-1. Appended rather than put before the number
 * because an invoice's id always ends in its financial year (or `undated`), so no invoice's id can read
 * as a note's, whatever characters its number holds.
 */
export function withNoteType(id: string, noteType: NoteType | undefined): string {
  return noteType ? `${id}:${noteType}` : id;
}

/**
 * Base name of a document's QR image for one regime: `A-1-in-einvoice` for invoice A-1,
 * `A-1.CRN-in-einvoice` for credit note A-1 ('.' is not allowed in an Indian document number, so a
 * note's image never takes an invoice's name).
 */
export function qrImageName(documentNumber: string, noteType: NoteType | undefined, regime: string): string {
  return `${documentNumber}${noteType ? `.${noteType}` : ''}-${regime}`;
}
