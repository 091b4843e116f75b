/**
 * Decimal helpers for the voucher hot path, equal in result to money.ts's `roundTo`/`toFixed` but without
 * their defensive copy of the value: a 100,000-voucher pull formats and rounds millions of amounts.
 * Values must come from money.ts (`dec`, `ZERO` and arithmetic on them), whose rounding is half-up.
 */
import { Dec, type Decimal, ZERO } from '../../domain/money';

const ZERO_TEXT = ['0', '0.0', '0.00', '0.000'];
/** Below this exponent (and above -7, as a value with few decimals is) toString() writes plain notation. */
const PLAIN_NOTATION_DIGITS = 21;

/** Rounds half-up (ties away from zero) to `places` decimal places. */
export function rounded(value: Decimal, places: number): Decimal {
  return value.decimalPlaces() <= places ? value : value.toDecimalPlaces(places, Dec.ROUND_HALF_UP);
}

/** Fixed-point text with exactly `places` decimals, rounded half-up; never "-0.00". */
export function fixed(value: Decimal, places: number): string {
  if (value.isZero()) return ZERO_TEXT[places] ?? ZERO.toFixed(places);
  const decimals = value.decimalPlaces();
  if (decimals <= places && value.e < PLAIN_NOTATION_DIGITS)
    return padded(value.toString(), decimals, places);
  const text = value.toFixed(places, Dec.ROUND_HALF_UP);
  return text.charCodeAt(0) === 0x2d && /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/** `text` (plain notation with `decimals` decimals) padded with zeros to `places` decimals. */
function padded(text: string, decimals: number, places: number): string {
  if (decimals === places) return text;
  return (decimals === 0 ? text + '.' : text) + '0'.repeat(places - decimals);
}

/** Sum of the values, skipping zeros (adding zero would still allocate a new Decimal). */
export function sumOf(values: readonly Decimal[]): Decimal {
  let total: Decimal | undefined;
  for (const value of values) {
    if (value.isZero()) continue;
    total = total ? total.plus(value) : value;
  }
  return total ?? ZERO;
}
