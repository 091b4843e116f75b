import { type Decimal } from '../../domain/money';

/**
 * a + b, skipping the addition (and its allocation) when either is zero: most tax columns of most
 * items are zero (used by the decimal.js engine, decimal-arithmetic.ts).
 */
export function plus(a: Decimal, b: Decimal): Decimal {
  if (b.isZero()) return a;
  if (a.isZero()) return b;
  return a.plus(b);
}
