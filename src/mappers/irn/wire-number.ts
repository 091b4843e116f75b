import { Dec, type Decimal, ZERO } from '../../domain/money';

/** NIC's scales: 2 places for amounts, 3 for quantities, unit prices and rates. */
export const AMOUNT_PLACES = 2;
export const QUANTITY_PLACES = 3;
export const RATE_PLACES = 3;

/**
 * The JSON number NIC wants, from a decimal rounded half-up to `places`. The only decimal-to-float step
 * in the mapper: it happens last, on a value that already has its final digits.
 */
export function toWireNumber(value: Decimal, places: number): number {
  if (value.isZero()) return 0;
  // Already at scale (the usual case): the number nearest its decimal text, as Number(toFixed) gives.
  if (value.decimalPlaces() <= places) return value.toNumber();
  return Number(value.toFixed(places, Dec.ROUND_HALF_UP));
}

/**
 * A wire number back to a decimal, for rules that check the payload. Exact: decimal.js reads a number
 * through its shortest decimal text (33.33 -> "33.33"), so no binary arithmetic is involved.
 */
export function fromWireNumber(value: number | undefined): Decimal {
  return value === undefined || value === 0 ? ZERO : new Dec(value);
}
