/**
 * Exact decimal arithmetic on thousandths held in plain integers: 1234.56 is 1234560, a quantity of
 * 2.125 is 2125. Three places cover every NIC scale (2 for amounts, 3 for quantities, unit prices and
 * rates). Every result is exact: an operation whose exact result is not a whole number of
 * thousandths, or lies beyond Number.MAX_SAFE_INTEGER, throws OutsideFixedPoint instead of rounding,
 * and the caller computes again with decimal.js (see exact-arithmetic.ts).
 */
export type Thousandths = number;

export const FIXED_POINT_PLACES = 3;
const UNITS_PER_ONE = 1000;
const MAX_UNITS = Number.MAX_SAFE_INTEGER;
/** Operands below this make products and their differences exact in a double (< 2^53). */
const SAFE_PRODUCT_OPERAND = 2 ** 52;
/**
 * Wire numbers are read back only below 2^42 (about 4.4e12): there the gap between neighbouring doubles
 * is under 0.001, so a double equal to u / 1000 is nearest to that decimal alone, and its shortest
 * text (what decimal.js reads, and what JSON shows) is that decimal.
 */
const WIRE_LIMIT = 2 ** 42;
const POWERS_OF_TEN = [1, 10, 100, 1000];
const ZERO_CODE = 48;
const NINE_CODE = 57;
const MINUS_CODE = 45;
const POINT_CODE = 46;
/** Past this, one more digit certainly leaves the safe integers (a step that may is checked after). */
const MAX_BEFORE_NEXT_DIGIT = Math.floor(MAX_UNITS / 10);

/** The exact result is not a safe integer number of thousandths: compute with decimal.js instead. */
export class OutsideFixedPoint extends Error {
  constructor(reason: string) {
    super(`outside fixed point: ${reason}`);
    this.name = 'OutsideFixedPoint';
  }
}

/**
 * Plain decimal text ("1180", "-0.25", "12.500") in thousandths, or undefined when the text is not
 * plain decimal text (the grammar of isDecimalString with negatives allowed). Trailing zeros beyond the
 * third place are fine; a fourth significant place, or a value beyond the safe range, throws.
 */
export function parseThousandths(text: string): Thousandths | undefined {
  const length = text.length;
  let index = 0;
  const negative = length > 0 && text.charCodeAt(0) === MINUS_CODE;
  if (negative) index = 1;
  const integerStart = index;
  let units = 0;
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < ZERO_CODE || code > NINE_CODE) break;
    if (units > MAX_BEFORE_NEXT_DIGIT) throw new OutsideFixedPoint(`${text} is too large`);
    units = units * 10 + (code - ZERO_CODE);
  }
  if (index === integerStart) return undefined;
  let places = 0;
  if (index < length) {
    if (text.charCodeAt(index) !== POINT_CODE || index === length - 1) return undefined;
    for (index++; index < length; index++) {
      const code = text.charCodeAt(index);
      if (code < ZERO_CODE || code > NINE_CODE) return undefined;
      if (places === FIXED_POINT_PLACES) {
        if (code !== ZERO_CODE) throw new OutsideFixedPoint(`${text} has more than three decimals`);
        continue;
      }
      if (units > MAX_BEFORE_NEXT_DIGIT) throw new OutsideFixedPoint(`${text} is too large`);
      units = units * 10 + (code - ZERO_CODE);
      places++;
    }
  }
  // A double above MAX_UNITS is at least 2^53, so an inexact step or scaling cannot slip through.
  units *= POWERS_OF_TEN[FIXED_POINT_PLACES - places];
  if (units > MAX_UNITS) throw new OutsideFixedPoint(`${text} is too large`);
  return negative && units !== 0 ? -units : units;
}

/**
 * A JSON number of the payload in thousandths. The double must equal u / 1000 for a whole u (checked,
 * not assumed), so the value is exactly the decimal its shortest text shows; anything else throws.
 */
export function thousandthsFromWire(value: number | undefined): Thousandths {
  if (value === undefined || value === 0) return 0;
  const units = Math.round(value * UNITS_PER_ONE);
  if (!(Math.abs(value) < WIRE_LIMIT) || units / UNITS_PER_ONE !== value) {
    throw new OutsideFixedPoint(`${value} is not a whole number of thousandths`);
  }
  return units;
}

/**
 * The JSON number for NIC: the double nearest the decimal, which is what Number("1234.56") gives,
 * since dividing two exactly held integers rounds correctly. Never -0.
 */
export function thousandthsToWire(units: Thousandths): number {
  return units === 0 ? 0 : units / UNITS_PER_ONE;
}

export function addThousandths(a: Thousandths, b: Thousandths): Thousandths {
  return checked(a + b, 'a sum');
}

export function subtractThousandths(a: Thousandths, b: Thousandths): Thousandths {
  return checked(a - b, 'a difference');
}

/** a x b, when the exact product is a whole number of thousandths (2.125 x 4.000 is; 2.125 x 0.5 is not). */
export function multiplyThousandths(a: Thousandths, b: Thousandths): Thousandths {
  const product = checked(a * b, 'a product');
  if (product % UNITS_PER_ONE !== 0) throw new OutsideFixedPoint('a product with more than three decimals');
  return product / UNITS_PER_ONE;
}

/** Rounded to `places` (0 to 3) half-up, ties away from zero: 2.345 -> 2.35, -2.345 -> -2.35. */
export function roundThousandthsHalfUp(units: Thousandths, places: number): Thousandths {
  if (places >= FIXED_POINT_PLACES) return units;
  const step = POWERS_OF_TEN[FIXED_POINT_PLACES - places];
  const remainder = units % step;
  if (remainder === 0) return units;
  const truncated = units - remainder;
  if (2 * Math.abs(remainder) < step) return truncated;
  return checked(units > 0 ? truncated + step : truncated - step, 'a rounded value');
}

export function hasAtMostPlaces(units: Thousandths, places: number): boolean {
  return places >= FIXED_POINT_PLACES || units % POWERS_OF_TEN[FIXED_POINT_PLACES - places] === 0;
}

/**
 * |actual - base x numerator / denominator| <= tolerance, exactly (the expected tax of a taxable value
 * at a rate: base x 18 / 100). Plain integers while the cross-multiplied terms stay below 2^52,
 * BigInt beyond.
 */
export function isWithinFraction(
  actual: Thousandths,
  base: Thousandths,
  numerator: Thousandths,
  denominator: number,
  tolerance: Thousandths,
): boolean {
  // actual/1000 - (base/1000)(numerator/1000)/denominator, times 1,000,000 x denominator.
  const scale = UNITS_PER_ONE * denominator;
  const scaledActual = actual * scale;
  const product = base * numerator;
  const scaledTolerance = tolerance * scale;
  if (
    Math.abs(scaledActual) < SAFE_PRODUCT_OPERAND &&
    Math.abs(product) < SAFE_PRODUCT_OPERAND &&
    Math.abs(scaledTolerance) < SAFE_PRODUCT_OPERAND
  ) {
    return Math.abs(scaledActual - product) <= scaledTolerance;
  }
  const bigScale = BigInt(scale);
  const difference = BigInt(actual) * bigScale - BigInt(base) * BigInt(numerator);
  const bigTolerance = BigInt(tolerance) * bigScale;
  return difference <= bigTolerance && difference >= -bigTolerance;
}

function checked(result: number, what: string): Thousandths {
  if (result > MAX_UNITS || result < -MAX_UNITS) throw new OutsideFixedPoint(`${what} is too large`);
  return result;
}
