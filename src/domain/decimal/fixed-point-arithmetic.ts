import { type ExactArithmetic } from './exact-arithmetic';
import { FixedPoint } from './fixed-point';

const ZERO_CODE = 48;
const NINE_CODE = 57;
const MINUS_CODE = 45;
const POINT_CODE = 46;
/** Up to 15 digits a whole number of units is exact in a double (below 2^53). */
const MAX_DIGITS = 15;
/**
 * Values are read at scale 3 (thousandths) at least: NIC's scales are 2 and 3, so amounts, quantities,
 * rates and tolerances then share one scale and add and compare without rescaling.
 */
const BASE_SCALE = 3;
const BASE_UNITS = [1000, 100, 10, 1];
/**
 * Below 2^42 (about 4.4e12) neighbouring doubles are less than 0.001 apart, so a double equal to u / 1000
 * is nearest to that decimal alone and its shortest text (what JSON shows, and what decimal.js
 * reads) is that decimal. Beyond, or for other doubles, the decimal.js path reads the shortest text.
 */
const WIRE_LIMIT = 2 ** 42;

/** FixedPoint values (exact integers of 10^-scale units, decimal.js beyond): the engine the mapper runs on. */
export const fixedPointArithmetic: ExactArithmetic<FixedPoint> = {
  zero: FixedPoint.ZERO,
  one: FixedPoint.ONE,
  parse: parsePlainDecimal,
  fromWire(value) {
    if (value === undefined || value === 0) return FixedPoint.ZERO;
    if (Math.abs(value) < WIRE_LIMIT) {
      const units = Math.round(value * 1000);
      if (units / 1000 === value) return FixedPoint.ofUnits(units, BASE_SCALE);
    }
    return FixedPoint.of(value);
  },
  toWire(value, places) {
    // `|| 0`: a value that rounds to zero is 0 on the wire, never -0.
    return value.isZero() ? 0 : value.rounded(places).toNumber() || 0;
  },
  toDecimal: (value) => value.toDecimal(),
  plus: (a, b) => (b.isZero() ? a : a.isZero() ? b : a.plus(b)),
  minus: (a, b) => (b.isZero() ? a : a.minus(b)),
  times: (a, b) => a.times(b),
  abs: (value) => value.abs(),
  compare: (a, b) => a.compare(b),
  isZero: (value) => value.isZero(),
  hasAtMostPlaces: (value, places) => value.decimalPlaces() <= places,
  roundHalfUp: (value, places) => value.rounded(places),
  isWithin: (actual, expected, tolerance) => {
    const difference = actual.minus(expected);
    return difference.compare(tolerance) <= 0 && difference.negated().compare(tolerance) <= 0;
  },
  // |actual - base x numerator / denominator| <= tolerance, multiplied out by the denominator: no division.
  isWithinFraction: (actual, base, numerator, denominator, tolerance) =>
    actual.times(denominator).minus(base.times(numerator)).abs().compare(tolerance.times(denominator)) <= 0,
  knownRates: new Map(),
};

/**
 * Plain decimal text ("1180", "-0.25", "12.500": isDecimalString's grammar with negatives) read in one pass
 * over its characters, the mapper's hottest step; undefined for anything else. Past 15 digits, decimal.js.
 */
function parsePlainDecimal(text: string): FixedPoint | undefined {
  const length = text.length;
  let index = text.charCodeAt(0) === MINUS_CODE ? 1 : 0;
  const integerStart = index;
  let units = 0;
  let digits = 0;
  let scale = 0;
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < ZERO_CODE || code > NINE_CODE) break;
    units = units * 10 + (code - ZERO_CODE);
    digits++;
  }
  if (index === integerStart) return undefined;
  if (index < length) {
    if (text.charCodeAt(index) !== POINT_CODE || index === length - 1) return undefined;
    for (index++; index < length; index++) {
      const code = text.charCodeAt(index);
      if (code < ZERO_CODE || code > NINE_CODE) return undefined;
      units = units * 10 + (code - ZERO_CODE);
      digits++;
      scale++;
    }
  }
  if (units === 0) return FixedPoint.ZERO;
  if (digits > MAX_DIGITS) return FixedPoint.parse(text);
  if (scale < BASE_SCALE && Number.isSafeInteger(units * BASE_UNITS[scale])) {
    units *= BASE_UNITS[scale];
    scale = BASE_SCALE;
  }
  return FixedPoint.ofUnits(integerStart === 1 ? -units : units, scale);
}
