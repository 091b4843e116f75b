/**
 * Turns the text of one cell into a field value of the field's kind. Pure; a bad cell gives a rule name
 * and a human reason, never an exception.
 */
import {
  isDecimalString,
  parseDate,
  type DateFormat,
  isValidStateCode,
  stateCodeForName,
  normaliseUnit,
} from '../../domain';
import type { FieldKind } from './csv-fields';

export type CellValue = string | number | boolean;

export type CellResult = { ok: true; value: CellValue } | { ok: false; rule: string; message: string };

export interface CellFormat {
  dateFormat: DateFormat;
  decimalSeparator: '.' | ',';
}

const TRUE_WORDS = new Set(['y', 'yes', 'true', '1']);
const FALSE_WORDS = new Set(['n', 'no', 'false', '0']);

/** A whole number: with either separator, text every step below would leave as it is. */
const WHOLE_NUMBER = /^-?\d+$/;

/** "1,180.50" → "1180.50"; with a decimal comma, "1.180,50" → "1180.50". Undefined when not a number. */
export function normaliseDecimalText(text: string, decimalSeparator: '.' | ','): string | undefined {
  // Most cells are written plainly ("1180.50", "-3"), which every step below would leave as they are.
  const plainAlready =
    decimalSeparator === '.' ? isDecimalString(text, { allowNegative: true }) : WHOLE_NUMBER.test(text);
  if (plainAlready) return text;
  const groupSeparator = decimalSeparator === '.' ? ',' : '.';
  let plain = text
    .replace(/[\s\u00a0]/g, '')
    .split(groupSeparator)
    .join('');
  if (decimalSeparator === ',') plain = plain.replace(',', '.');
  if (plain.startsWith('+')) plain = plain.slice(1);
  return isDecimalString(plain, { allowNegative: true }) ? plain : undefined;
}

function parseStateCode(text: string): CellResult {
  if (/^\d{1,2}$/.test(text)) {
    const code = text.padStart(2, '0');
    return isValidStateCode(code)
      ? { ok: true, value: code }
      : { ok: false, rule: 'stateCode', message: `"${text}" is not a GST state code` };
  }
  const code = stateCodeForName(text);
  return code
    ? { ok: true, value: code }
    : { ok: false, rule: 'stateCode', message: `"${text}" is neither a GST state code nor a state name` };
}

/** Parses non-empty cell text (already trimmed) as a value of `kind`. */
export function parseCell(kind: FieldKind, text: string, format: CellFormat): CellResult {
  switch (kind) {
    case 'text':
      return { ok: true, value: text };
    case 'code':
      return { ok: true, value: text.toUpperCase() };
    case 'decimal': {
      const value = normaliseDecimalText(text, format.decimalSeparator);
      return value !== undefined
        ? { ok: true, value }
        : { ok: false, rule: 'decimal', message: `"${text}" is not a number` };
    }
    case 'integer':
      return /^-?\d+$/.test(text)
        ? { ok: true, value: Number(text) }
        : { ok: false, rule: 'integer', message: `"${text}" is not a whole number` };
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      return { ok: false, rule: 'boolean', message: `"${text}" is not yes/no` };
    }
    case 'date': {
      const value = parseDate(text, format.dateFormat);
      return value !== undefined
        ? { ok: true, value }
        : { ok: false, rule: 'date', message: `"${text}" is not a date in the format ${format.dateFormat}` };
    }
    case 'stateCode':
      return parseStateCode(text);
    case 'unit': {
      const value = normaliseUnit(text);
      return value !== undefined
        ? { ok: true, value }
        : { ok: false, rule: 'unit', message: `"${text}" is not a known unit (UQC)` };
    }
  }
}
