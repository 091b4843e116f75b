import { type Decimal } from '../../domain/money';

/**
 * a + b, skipping the addition (and its allocation) when either is zero: most tax columns of most
 * items are zero, and the mapper adds them up in its hot path.
 */
export function plus(a: Decimal, b: Decimal): Decimal {
  if (b.isZero()) return a;
  if (a.isZero()) return b;
  return a.plus(b);
}
