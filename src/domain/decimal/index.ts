/**
 * The one decimal engine: decimal.js through money.ts (`Dec`, half-up, 40 digits) and FixedPoint, exact
 * integers of 10^-scale units that fall back to decimal.js where they do not fit, for hot paths (a Tally
 * pull, the IRN mapper). ExactArithmetic lets logic run on either; the FixedPoint engine is what runs, the
 * decimal.js one the reference it is checked against.
 */
export { fixed, rounded, sumOf } from './decimal-text';
export { decimalArithmetic } from './decimal-arithmetic';
export { type ExactArithmetic, exactConstant } from './exact-arithmetic';
export { FixedPoint } from './fixed-point';
export { fixedPointArithmetic } from './fixed-point-arithmetic';
