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
const NON_ZERO_DIGIT = /[1-9]/;
const MINUS = 0x2d;

/** A Decimal from a decimal string, a finite number or a Decimal; throws on anything non-numeric. */
export function dec(value: string | number | Decimal): Decimal {
  if (typeof value === 'string') {
    // Zero, written as an amount left out ("0") or rounded to paise ("0.00"), needs no parsing.
    if (value === '0' || value === '0.00') return ZERO;
    const text = value.trim();
    if (!NUMERIC_TEXT.test(text)) throw new TypeError(`not a decimal number: ${JSON.stringify(value)}`);
    return new Dec(text);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return new Dec(value);
  }
  if (isDec(value)) {
    if (value.isFinite()) return value;
  } else if (Decimal.isDecimal(value) && value.isFinite()) {
    return new Dec(value);
  }
  throw new TypeError(`not a decimal number: ${String(value)}`);
}

/**
 * Whether a Decimal is one of ours. Decimals never change, so one of ours can be used as it is; one made by
 * another decimal.js constructor is copied, since its operations would round with that constructor's settings.
 * Every decimal.js clone shares one prototype, so instanceof cannot tell them apart; instead, each instance
 * holds its constructor as an own property.
 */
function isDec(value: Decimal): boolean {
  return (value as { constructor?: unknown }).constructor === Dec;
}

export interface DecimalStringOptions {
  /** Most digits allowed after the point; unlimited when omitted. */
  maxScale?: number;
  /** Whether a leading minus is accepted; default false. */
  allowNegative?: boolean;
}

/** True for plain decimal text such as "1180", "1180.50" or (when allowed) "-0.25"; no exponent, sign "+", or bare ".5". */
export function isDecimalString(value: unknown, opts: DecimalStringOptions = {}): value is string {
  // Amounts left out are written "0", by far the most common value.
  if (value === '0') return true;
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
  const exact = dec(value);
  const decimals = exact.decimalPlaces();
  if (decimals <= places) {
    // Nothing to round, yet decimal.js's toFixed rounds anyway, and that is most of its cost: the amount's own
    // text (plain unless it is huge), padded with zeros, is the same.
    const text = exact.toString();
    if (!text.includes('e')) return padDecimals(text, decimals, places);
  }
  const text = exact.toFixed(places, Decimal.ROUND_HALF_UP);
  // decimal.js keeps the minus of a negative amount that rounds to zero ("-0.00"); zero is unsigned here.
  return text.charCodeAt(0) === MINUS && !NON_ZERO_DIGIT.test(text) ? text.slice(1) : text;
}

/** Plain decimal text with `decimals` decimals, given `places` (at least as many) by trailing zeros. */
function padDecimals(text: string, decimals: number, places: number): string {
  if (decimals === places) return text;
  return (decimals === 0 ? `${text}.` : text) + '0'.repeat(places - decimals);
}

/**
 * The values added in order. Adding a zero changes neither the total nor its sign (nor, as the total is
 * already rounded to 40 digits, its rounding), so zeros, which most optional amounts are, are skipped; and
 * the first other value is the total as it is when it has at most 40 digits (adding it to 0 only rounds it).
 */
export function sum(values: readonly (string | Decimal)[]): Decimal {
  let total = ZERO;
  for (const value of values) {
    const amount = dec(value);
    if (amount.isZero()) continue;
    total = total.isZero() && amount.precision() <= Dec.precision ? amount : total.plus(amount);
  }
  return total;
}
