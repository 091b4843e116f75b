import { Dec } from '../money';
import { type ExactArithmetic } from './exact-arithmetic';
import {
  addThousandths,
  FIXED_POINT_PLACES,
  hasAtMostPlaces,
  isWithinFraction,
  multiplyThousandths,
  parseThousandths,
  roundThousandthsHalfUp,
  subtractThousandths,
  type Thousandths,
  thousandthsFromWire,
  thousandthsToWire,
} from './thousandths';

/** Thousandths in plain integers (see thousandths.ts); throws OutsideFixedPoint where they do not fit. */
export const thousandthsArithmetic: ExactArithmetic<Thousandths> = {
  zero: 0,
  one: 1000,
  parse: parseThousandths,
  fromWire: thousandthsFromWire,
  toWire: (value, places) => thousandthsToWire(roundThousandthsHalfUp(value, places)),
  toDecimal: (value) => new Dec(value).div(10 ** FIXED_POINT_PLACES),
  plus: addThousandths,
  minus: subtractThousandths,
  times: multiplyThousandths,
  abs: (value) => Math.abs(value),
  compare: (a, b) => a - b,
  isZero: (value) => value === 0,
  hasAtMostPlaces,
  roundHalfUp: roundThousandthsHalfUp,
  isWithin: (actual, expected, tolerance) => Math.abs(subtractThousandths(actual, expected)) <= tolerance,
  isWithinFraction,
  knownRates: new Map(),
};
