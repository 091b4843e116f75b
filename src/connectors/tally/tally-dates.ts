/**
 * Every date form TallyPrime writes, read by one parser: `YYYYMMDD` (collection exports of stored dates),
 * `d-MMM-yy` and `d-MMM-yyyy` (its display form, as aggregated and computed values such as the day-wise
 * voucher count come back) and the `JD` day number a function answers with (`<RESULT TYPE="Date"
 * JD="45383">`, an OLE-style count of days from 30 Dec 1899). Text that is not a real calendar date is
 * undefined, for the caller to turn into an error naming the value: never a row silently dropped.
 */
import { parseDate } from '../../domain';

const MONTHS: Readonly<Record<string, string>> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** Days from Tally's day zero (1899-12-30) to 1970-01-01. */
const JD_UNIX_EPOCH = 25569;
const MS_PER_DAY = 86_400_000;

/** Two-digit years: 00-69 are 20xx, 70-99 are 19xx (Tally's books start no earlier than the 1970s). */
function fullYear(digits: string): string {
  if (digits.length === 4) return digits;
  const year = Number(digits);
  return String(year < 70 ? 2000 + year : 1900 + year);
}

/** A Tally date text -> YYYY-MM-DD; undefined when it is no form Tally writes or no real day. */
export function parseTallyDate(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^\d{8}$/.test(trimmed)) return parseDate(trimmed, 'YYYYMMDD');
  const display = /^(\d{1,2})[-/ ]([A-Za-z]{3})[a-z]*[-/ ](\d{2}|\d{4})$/.exec(trimmed);
  if (!display) return undefined;
  const month = MONTHS[display[2].toLowerCase()];
  if (!month) return undefined;
  return parseDate(`${fullYear(display[3])}-${month}-${display[1]}`, 'YYYY-MM-DD');
}

/** A `JD` day number (attribute of a Date value) -> YYYY-MM-DD; undefined when not a whole number. */
export function parseTallyDayNumber(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return undefined;
  return new Date((Number(trimmed) - JD_UNIX_EPOCH) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** A Date element's value: its `JD` attribute where Tally gives one, else its text. */
export function readTallyDate(node: { attrs: Record<string, string>; text: string }): string | undefined {
  const jd = node.attrs.JD;
  return jd !== undefined ? parseTallyDayNumber(jd) : parseTallyDate(node.text);
}

/** YYYY-MM-DD -> YYYYMMDD, for request variables and imports. */
export function toTallyDate(isoDate: string): string {
  return isoDate.replace(/-/g, '');
}
