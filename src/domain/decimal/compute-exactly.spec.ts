import { computeExactly } from './compute-exactly';
import { type ExactArithmetic } from './exact-arithmetic';
import { thousandthsArithmetic } from './thousandths-arithmetic';

/** Sums decimal texts with whichever engine computeExactly hands over; reports the engine used. */
function sumOf(texts: string[]): { engine: string; total: string } {
  return computeExactly(<V>(arithmetic: ExactArithmetic<V>) => {
    const total = texts.reduce((sum, text) => arithmetic.plus(sum, arithmetic.parse(text)!), arithmetic.zero);
    const engine = (arithmetic as unknown) === thousandthsArithmetic ? 'fixed' : 'decimal';
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
