import { type IsoDate } from './canonical-invoice';

export type DateFormat =
  'YYYY-MM-DD' | 'DD/MM/YYYY' | 'DD-MM-YYYY' | 'MM/DD/YYYY' | 'YYYYMMDD' | 'DD-MMM-YYYY';

export const DATE_FORMATS: readonly DateFormat[] = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'DD-MM-YYYY',
  'MM/DD/YYYY',
  'YYYYMMDD',
  'DD-MMM-YYYY',
];

const MONTH_ABBREVIATIONS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];

/** True for `YYYY-MM-DD` naming a real calendar day (no 2023-02-29, no 2024-04-31). */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** NIC's `dd/mm/yyyy` for an ISO date; throws on a non-date (callers pass validated dates). */
export function toNicDate(iso: IsoDate): string {
  if (!isIsoDate(iso)) throw new RangeError(`not an ISO date: ${JSON.stringify(iso)}`);
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** ISO date from NIC's `dd/mm/yyyy`; undefined when it is not one. */
export function fromNicDate(text: string): IsoDate | undefined {
  if (typeof text !== 'string' || !/^\d{2}\/\d{2}\/\d{4}$/.test(text)) return undefined;
  return parseDate(text, 'DD/MM/YYYY');
}

/**
 * Reads a date an ERP or CSV wrote in `format`. Separated formats accept one-digit days and months
 * ("1/4/2024"), as spreadsheets write them; the month abbreviation is case-insensitive ("01-APR-2024").
 */
export function parseDate(text: string, format: DateFormat): IsoDate | undefined {
  if (typeof text !== 'string') return undefined;
  const parts = splitDate(text.trim(), format);
  if (!parts) return undefined;
  const { year, month, day } = parts;
  if (!isCalendarDay(year, month, day)) return undefined;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

function splitDate(
  text: string,
  format: DateFormat,
): { year: number; month: number; day: number } | undefined {
  let match: RegExpExecArray | null;
  switch (format) {
    case 'YYYY-MM-DD':
      match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
      return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : undefined;
    case 'DD/MM/YYYY':
    case 'DD-MM-YYYY':
      match = (
        format === 'DD/MM/YYYY' ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/ : /^(\d{1,2})-(\d{1,2})-(\d{4})$/
      ).exec(text);
      return match ? { year: Number(match[3]), month: Number(match[2]), day: Number(match[1]) } : undefined;
    case 'MM/DD/YYYY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      return match ? { year: Number(match[3]), month: Number(match[1]), day: Number(match[2]) } : undefined;
    case 'YYYYMMDD':
      match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
      return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : undefined;
    case 'DD-MMM-YYYY': {
      match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
      const month = match ? MONTH_ABBREVIATIONS.indexOf(match[2].toLowerCase()) + 1 : 0;
      return match && month > 0 ? { year: Number(match[3]), month, day: Number(match[1]) } : undefined;
    }
    default:
      return undefined;
  }
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
