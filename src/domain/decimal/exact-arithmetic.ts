import { type Decimal } from '../money';

/**
 * The exact decimal operations computations such as the IRN mapper and its rules need, over some value type
 * V. Two engines: FixedPoint (fixed-point-arithmetic.ts, exact integers, decimal.js only where they do not
 * fit; the one code runs on) and plain decimal.js (decimal-arithmetic.ts, the reference the first is checked
 * against). Business logic is written once against this.
 */
export interface ExactArithmetic<V> {
  readonly zero: V;
  readonly one: V;
  /** Plain decimal text ("1180", "-12.50") as a value; undefined when it is not plain decimal text. */
  readonly parse: (text: string) => V | undefined;
  /** A wire number of the payload, read as the decimal its shortest text shows; undefined is zero. */
  readonly fromWire: (value: number | undefined) => V;
  /** The JSON number for NIC, rounded half-up to `places`; never -0. */
  readonly toWire: (value: V, places: number) => number;
  /** For messages and anything off the hot path. */
  readonly toDecimal: (value: V) => Decimal;
  readonly plus: (a: V, b: V) => V;
  readonly minus: (a: V, b: V) => V;
  readonly times: (a: V, b: V) => V;
  readonly abs: (value: V) => V;
  /** Negative, zero or positive as a is below, equal to or above b. */
  readonly compare: (a: V, b: V) => number;
  readonly isZero: (value: V) => boolean;
  readonly hasAtMostPlaces: (value: V, places: number) => boolean;
  readonly roundHalfUp: (value: V, places: number) => V;
  /** |actual - expected| <= tolerance */
  readonly isWithin: (actual: V, expected: V, tolerance: V) => boolean;
  /** |actual - base x numerator / denominator| <= tolerance (tax against taxable value x rate). */
  readonly isWithinFraction: (actual: V, base: V, numerator: V, denominator: number, tolerance: V) => boolean;
  /** Parsed tax rates: the same few recur on every line, so their values are remembered. */
  readonly knownRates: Map<string, V>;
}

/** A constant of the code (a tolerance, a limit), plain decimal text by construction. */
export function exactConstant<V>(arithmetic: ExactArithmetic<V>, text: string): V {
  const value = arithmetic.parse(text);
  if (value === undefined) throw new TypeError(`not a decimal constant: ${text}`);
  return value;
}
