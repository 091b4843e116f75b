import { decimalArithmetic } from './decimal-arithmetic';
import { type ExactArithmetic } from './exact-arithmetic';
import { OutsideFixedPoint } from './thousandths';
import { thousandthsArithmetic } from './thousandths-arithmetic';

/**
 * Runs `compute` with fixed-point thousandths, and again with decimal.js when some exact value does not
 * fit them (a fourth decimal, an exchange-rate product, amounts beyond 9e12): same logic, same result.
 */
export function computeExactly<R>(compute: <V>(arithmetic: ExactArithmetic<V>) => R): R {
  try {
    return compute(thousandthsArithmetic);
  } catch (error) {
    if (error instanceof OutsideFixedPoint) return compute(decimalArithmetic);
    throw error;
  }
}
