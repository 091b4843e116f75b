import { type IsoDate } from './canonical-invoice';
import { isIsoDate } from './dates';

/** Indian financial year (April to March) a date falls in, as NIC writes it: "2024-25". */
export function financialYear(date: IsoDate): string {
  if (!isIsoDate(date)) throw new RangeError(`not an ISO date: ${JSON.stringify(date)}`);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const startYear = month >= 4 ? year : year - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** True for "YYYY-YY" where YY is the year after YYYY ("2024-25", "1999-00"). */
export function isFinancialYear(value: string): boolean {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/** First and last day of a financial year such as "2024-25"; throws on anything else. */
export function financialYearRange(fy: string): { start: IsoDate; end: IsoDate } {
  if (!isFinancialYear(fy))
    throw new RangeError(`not a financial year like "2024-25": ${JSON.stringify(fy)}`);
  const startYear = Number(fy.slice(0, 4));
  return { start: `${startYear}-04-01`, end: `${startYear + 1}-03-31` };
}
