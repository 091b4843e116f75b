/** NIC states every date-time in IST (UTC+05:30), independent of the host's time zone. */
const IST_OFFSET_MS = 330 * 60_000;

function istParts(date: Date): { y: string; mo: string; d: string; h: string; mi: string; s: string } {
  const shifted = new Date(date.getTime() + IST_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    y: String(shifted.getUTCFullYear()),
    mo: pad(shifted.getUTCMonth() + 1),
    d: pad(shifted.getUTCDate()),
    h: pad(shifted.getUTCHours()),
    mi: pad(shifted.getUTCMinutes()),
    s: pad(shifted.getUTCSeconds()),
  };
}

/** The last second `istDateTime` wrote, and how: a bulk call stamps hundreds of IRNs in the same second. */
let lastDateTime = { second: NaN, text: '' };

/** "yyyy-MM-dd HH:mm:ss" in IST, as AckDt, CancelDate and EwbDt are written. */
export function istDateTime(date: Date): string {
  const second = Math.floor(date.getTime() / 1000);
  if (second === lastDateTime.second) return lastDateTime.text;
  const p = istParts(date);
  const text = `${p.y}-${p.mo}-${p.d} ${p.h}:${p.mi}:${p.s}`;
  lastDateTime = { second, text };
  return text;
}

/** "dd/mm/yyyy" of the IST calendar day. */
export function istDayMonthYear(date: Date): string {
  const p = istParts(date);
  return `${p.d}/${p.mo}/${p.y}`;
}

const SLASH = 0x2f;
const DIGIT_ZERO = 0x30;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Parses "dd/mm/yyyy" into a calendar date, or undefined when it is not a real date (proleptic
 * Gregorian). Years 0000-0099 stay refused, as they were when Date.UTC (which reads them as 1900-1999)
 * checked the date. Read digit by digit, without a regular expression or a Date: it runs several times
 * on every generate request.
 */
export function parseDayMonthYear(text: string): { year: number; month: number; day: number } | undefined {
  if (text.length !== 10 || text.charCodeAt(2) !== SLASH || text.charCodeAt(5) !== SLASH) return undefined;
  const day = digitsAt(text, 0, 2);
  const month = digitsAt(text, 3, 2);
  const year = digitsAt(text, 6, 4);
  if (day < 1 || month < 1 || month > 12 || year < 100) return undefined;
  if (day > DAYS_IN_MONTH[month - 1] + (month === 2 && isLeapYear(year) ? 1 : 0)) return undefined;
  return { year, month, day };
}

/** The number written by `count` ASCII digits at `start`, or -1 when one of them is not a digit. */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index++) {
    const digit = text.charCodeAt(index) - DIGIT_ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The instant an IST calendar day starts. */
export function istStartOfDay(day: { year: number; month: number; day: number }): Date {
  return new Date(Date.UTC(day.year, day.month - 1, day.day) - IST_OFFSET_MS);
}

/** "dd/MM/yyyy hh:mm:ss AM" in IST, as the e-way bill system writes its dates (cancelDate, validUpto). */
export function ewayBillDateTime(date: Date): string {
  const p = istParts(date);
  const hour = Number(p.h);
  const hour12 = String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0');
  return `${p.d}/${p.mo}/${p.y} ${hour12}:${p.mi}:${p.s} ${hour < 12 ? 'AM' : 'PM'}`;
}
