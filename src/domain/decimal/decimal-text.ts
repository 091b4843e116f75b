/**
 * Decimal helpers for the voucher hot path, equal in result to money.ts's `roundTo`/`toFixed`/`sum` but on
 * FixedPoint values: a 100,000-voucher pull rounds, adds and formats millions of amounts.
 */
import { FixedPoint } from './fixed-point';

const ZERO_TEXT = ['0', '0.0', '0.00', '0.000'];

/** Rounds half-up (ties away from zero) to `places` decimal places. */
export function rounded(value: FixedPoint, places: number): FixedPoint {
  return value.rounded(places);
}

/** Fixed-point text with exactly `places` decimals, rounded half-up; never "-0.00". */
export function fixed(value: FixedPoint, places: number): string {
  if (value.isZero()) return ZERO_TEXT[places] ?? FixedPoint.ZERO.toFixed(places);
  const text = value.toFixed(places);
  return text.charCodeAt(0) === 0x2d && /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/** Sum of the values, skipping zeros (as Decimal sums did: a zero never changes the sum or its sign). */
export function sumOf(values: readonly FixedPoint[]): FixedPoint {
  let total: FixedPoint | undefined;
  for (const value of values) {
    if (value.isZero()) continue;
    total = total ? total.plus(value) : value;
  }
  return total ?? FixedPoint.ZERO;
}
