import { decimalArithmetic, OutsideFixedPoint, thousandthsArithmetic } from '../../domain/decimal';
import { type Decimal, Dec, sum } from '../../domain';
import { CarriedRounding, CarriedRoundingColumn } from './carried-rounding';

describe('CarriedRounding', () => {
  it('carries the residual so three thirds of 100.00 add up to 100.00', () => {
    const column = new CarriedRounding(2);
    const shares = ['33.333333333', '33.333333333', '33.333333334'].map((third) =>
      column.next(new Dec(third)),
    );
    expect(shares.map((share) => share.toFixed(2))).toEqual(['33.33', '33.34', '33.33']);
    expect(sum(shares).toFixed(2)).toBe('100.00');
  });

  it('never moves an amount by a full paisa or more', () => {
    const column = new CarriedRounding(2);
    const exact = ['0.005', '0.005', '0.005', '0.005', '1.234', '9.999'].map((value) => new Dec(value));
    for (const value of exact) {
      expect(column.next(value).minus(value).abs().lt('0.01')).toBe(true);
    }
  });

  it('passes amounts already at scale through unchanged', () => {
    const column = new CarriedRounding(2);
    expect(
      ['10.10', '0', '2205.00', '1890.23'].map((value) => column.next(new Dec(value)).toFixed(2)),
    ).toEqual(['10.10', '0.00', '2205.00', '1890.23']);
  });

  it('starts carrying mid-column, counting the amounts that passed through before', () => {
    const column = new CarriedRounding(2);
    expect(column.next(new Dec('10.00')).toFixed(2)).toBe('10.00');
    expect(column.next(new Dec('0.125')).toFixed(2)).toBe('0.13');
    expect(column.next(new Dec('0.125')).toFixed(2)).toBe('0.12');
  });

  it('rounds half up at the third place for quantities', () => {
    expect(new CarriedRounding(3).next(new Dec('1.0005')).toFixed(3)).toBe('1.001');
  });
});

describe('CarriedRoundingColumn in fixed point', () => {
  it('carries the residual exactly as the decimal.js column does', () => {
    const fixed = new CarriedRoundingColumn(2, thousandthsArithmetic);
    const decimal = new CarriedRoundingColumn<Decimal>(2, decimalArithmetic);
    const exact = ['10.00', '33.333', '33.333', '33.334', '0.005', '-0.005', '0.125', '1.50'];
    const shares = exact.map((text) =>
      thousandthsArithmetic.toWire(fixed.next(thousandthsArithmetic.parse(text)!), 2),
    );
    expect(shares).toEqual([10, 33.33, 33.34, 33.33, 0.01, -0.01, 0.13, 1.5]);
    expect(
      exact.map((text) => decimalArithmetic.toWire(decimal.next(decimalArithmetic.parse(text)!), 2)),
    ).toEqual(shares);
  });

  it('signals a running sum beyond the safe integers instead of rounding it', () => {
    const column = new CarriedRoundingColumn(2, thousandthsArithmetic);
    column.next(thousandthsArithmetic.parse('0.001')!);
    expect(() => column.next(thousandthsArithmetic.parse('9007199254740.991')!)).toThrow(OutsideFixedPoint);
  });
});
