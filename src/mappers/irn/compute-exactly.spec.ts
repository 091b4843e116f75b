import { type Decimal } from '../../domain/money';
import { CarriedRoundingColumn } from './carried-rounding';
import { computeExactly } from './compute-exactly';
import { decimalArithmetic } from './decimal-arithmetic';
import { type ExactArithmetic } from './exact-arithmetic';
import { OutsideFixedPoint } from './fixed-point';
import { fixedPointArithmetic } from './fixed-point-arithmetic';

/** Sums decimal texts with whichever engine computeExactly hands over; reports the engine used. */
function sumOf(texts: string[]): { engine: string; total: string } {
  return computeExactly(<V>(arithmetic: ExactArithmetic<V>) => {
    const total = texts.reduce((sum, text) => arithmetic.plus(sum, arithmetic.parse(text)!), arithmetic.zero);
    const engine = (arithmetic as unknown) === fixedPointArithmetic ? 'fixed' : 'decimal';
    return { engine, total: arithmetic.toDecimal(total).toFixed() };
  });
}

describe('computeExactly', () => {
  it('computes in fixed point when every value fits', () => {
    expect(sumOf(['1180.50', '-0.125'])).toEqual({ engine: 'fixed', total: '1180.375' });
  });

  it('computes again with decimal.js when a value does not fit', () => {
    expect(sumOf(['1180.50', '0.0001'])).toEqual({ engine: 'decimal', total: '1180.5001' });
    expect(sumOf(['9000000000000', '9000000000000'])).toEqual({ engine: 'decimal', total: '18000000000000' });
  });

  it('lets other errors through', () => {
    expect(() =>
      computeExactly(() => {
        throw new RangeError('not about fixed point');
      }),
    ).toThrow(RangeError);
  });
});

describe('CarriedRoundingColumn in fixed point', () => {
  it('carries the residual exactly as the decimal.js column does', () => {
    const fixed = new CarriedRoundingColumn(2, fixedPointArithmetic);
    const decimal = new CarriedRoundingColumn<Decimal>(2, decimalArithmetic);
    const exact = ['10.00', '33.333', '33.333', '33.334', '0.005', '-0.005', '0.125', '1.50'];
    const shares = exact.map((text) =>
      fixedPointArithmetic.toWire(fixed.next(fixedPointArithmetic.parse(text)!), 2),
    );
    expect(shares).toEqual([10, 33.33, 33.34, 33.33, 0.01, -0.01, 0.13, 1.5]);
    expect(
      exact.map((text) => decimalArithmetic.toWire(decimal.next(decimalArithmetic.parse(text)!), 2)),
    ).toEqual(shares);
  });

  it('signals a running sum beyond the safe integers instead of rounding it', () => {
    const column = new CarriedRoundingColumn(2, fixedPointArithmetic);
    column.next(fixedPointArithmetic.parse('0.001')!);
    expect(() => column.next(fixedPointArithmetic.parse('9007199254740.991')!)).toThrow(OutsideFixedPoint);
  });
});
