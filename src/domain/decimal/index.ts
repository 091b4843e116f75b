/**
 * The one decimal module. decimal.js is reached through money.ts (`Dec`: half-up, 40 digits); the rest
 * are exact fast paths that fall back to it:
 * - FixedPoint (fixed-point.ts, with fixed/rounded/sumOf in decimal-text.ts): integers of 10^-scale units
 *   at any scale up to 15, decimal.js inside where they do not fit; for code written on values (a Tally pull).
 * - ExactArithmetic (exact-arithmetic.ts): logic written once over a value type, run by computeExactly on
 *   plain-number thousandths (thousandths.ts: no allocation, NIC's scales) and again on decimal.js
 *   (decimal-arithmetic.ts) when a value does not fit; the IRN mapper and its rules. The two engines are
 *   held to one result by mappers/irn/arithmetic-engines.spec.ts.
 */
export { computeExactly } from './compute-exactly';
export { decimalArithmetic } from './decimal-arithmetic';
export { fixed, rounded, sumOf } from './decimal-text';
export { type ExactArithmetic, exactConstant } from './exact-arithmetic';
export { FixedPoint } from './fixed-point';
export { OutsideFixedPoint } from './thousandths';
export { thousandthsArithmetic } from './thousandths-arithmetic';
