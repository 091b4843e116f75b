import { Dec, type Decimal, isDecimalString, ZERO } from '../money';
import { type ExactArithmetic } from './exact-arithmetic';

/** Most columns of most lines are zero ("0", "0.00"): no need to parse them. */
const ZERO_TEXT = /^0(?:\.0+)?$/;

/**
 * decimal.js, for values of any scale and size (see ExactArithmetic): the reference the fixed-point
 * engine is checked against (mappers/irn/arithmetic-engines.spec.ts).
 */
export const decimalArithmetic: ExactArithmetic<Decimal> = {
  zero: ZERO,
  one: new Dec(1),
  parse(text) {
    if (ZERO_TEXT.test(text)) return ZERO;
    return isDecimalString(text, { allowNegative: true }) ? new Dec(text) : undefined;
  },
  /** Exact: decimal.js reads a number through its shortest decimal text (33.33 -> "33.33"). */
  fromWire: (value) => (value === undefined || value === 0 ? ZERO : new Dec(value)),
  toWire(value, places) {
    if (value.isZero()) return 0;
    // Already at scale (the usual case): the number nearest its decimal text, as Number(toFixed) gives.
    if (value.decimalPlaces() <= places) return value.toNumber();
    return Number(value.toFixed(places, Dec.ROUND_HALF_UP)) || 0;
  },
  toDecimal: (value) => value,
  plus,
  minus: (a, b) => a.minus(b),
  times: (a, b) => a.times(b),
  abs: (value) => value.abs(),
  compare: (a, b) => a.comparedTo(b),
  isZero: (value) => value.isZero(),
  hasAtMostPlaces: (value, places) => value.decimalPlaces() <= places,
  roundHalfUp: (value, places) => value.toDecimalPlaces(places, Dec.ROUND_HALF_UP),
  isWithin: isDecimalWithin,
  isWithinFraction: (actual, base, numerator, denominator, tolerance) =>
    isDecimalWithin(actual, base.times(numerator.div(denominator)), tolerance),
  knownRates: new Map(),
};

/** a + b, skipping the addition (and its allocation) when either is zero, as most tax columns are. */
function plus(a: Decimal, b: Decimal): Decimal {
  if (b.isZero()) return a;
  if (a.isZero()) return b;
  return a.plus(b);
}

function isDecimalWithin(actual: Decimal, expected: Decimal, tolerance: Decimal): boolean {
  if (actual.eq(expected)) return true;
  const difference = actual.minus(expected);
  return difference.lte(tolerance) && difference.gte(tolerance.negated());
}
