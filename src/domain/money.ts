import { Decimal } from 'decimal.js';

export type { Decimal };

/**
 * The project's decimal constructor. ROUND_HALF_UP in decimal.js rounds ties away from zero, so
 * 2.345 -> 2.35 and -2.345 -> -2.35: the commercial rounding NIC and ZATCA apply to amounts
 * (a credit note's negative figures round like their positive counterparts).
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export const ZERO: Decimal = new Dec(0);

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** A Decimal from a decimal string, a finite number or a Decimal; throws on anything non-numeric. */
export function dec(value: string | number | Decimal): Decimal {
  if (typeof value === 'string') {
    const text = value.trim();
    if (!NUMERIC_TEXT.test(text)) throw new TypeError(`not a decimal number: ${JSON.stringify(value)}`);
    return new Dec(text);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return new Dec(value);
  }
  if (Decimal.isDecimal(value) && value.isFinite()) return new Dec(value);
  throw new TypeError(`not a decimal number: ${String(value)}`);
}

export interface DecimalStringOptions {
  /** Most digits allowed after the point; unlimited when omitted. */
  maxScale?: number;
  /** Whether a leading minus is accepted; default false. */
  allowNegative?: boolean;
}

/** True for plain decimal text such as "1180", "1180.50" or (when allowed) "-0.25"; no exponent, sign "+", or bare ".5". */
export function isDecimalString(value: unknown, opts: DecimalStringOptions = {}): value is string {
  if (typeof value !== 'string' || !PLAIN_DECIMAL.test(value)) return false;
  if (!opts.allowNegative && value.startsWith('-')) return false;
  if (opts.maxScale === undefined) return true;
  const point = value.indexOf('.');
  return point < 0 || value.length - point - 1 <= opts.maxScale;
}

/** Rounds half-up (ties away from zero) to `places` decimal places. */
export function roundTo(value: string | number | Decimal, places: number): Decimal {
  return dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}

/** Fixed-point text with exactly `places` decimals, rounded half-up; never "-0.00". */
export function toFixed(value: string | number | Decimal, places: number): string {
  const rounded = roundTo(value, places);
  return (rounded.isZero() ? ZERO : rounded).toFixed(places);
}

export function sum(values: readonly (string | Decimal)[]): Decimal {
  return values.reduce<Decimal>((total, value) => total.plus(dec(value)), ZERO);
}
