import { Dec, type Decimal, isDecimalString } from '../money';
import { randomDecimalText, randomSource } from '../__fixtures__/random-source';
import {
  addThousandths,
  hasAtMostPlaces,
  isWithinFraction,
  multiplyThousandths,
  OutsideFixedPoint,
  parseThousandths,
  roundThousandthsHalfUp,
  subtractThousandths,
  thousandthsFromWire,
  thousandthsToWire,
} from './thousandths';

/** Thousandths back to decimal text, through decimal.js, to compare with what decimal.js computes. */
const asDecimal = (units: number): Decimal => new Dec(units).div(1000);

describe('parseThousandths', () => {
  it('reads plain decimal text as whole thousandths', () => {
    expect(parseThousandths('1180')).toBe(1_180_000);
    expect(parseThousandths('1180.5')).toBe(1_180_500);
    expect(parseThousandths('0.125')).toBe(125);
    expect(parseThousandths('-0.25')).toBe(-250);
    expect(parseThousandths('12.500000')).toBe(12_500);
    expect(parseThousandths('007.10')).toBe(7_100);
  });

  it('reads minus zero as zero, not -0', () => {
    expect(Object.is(parseThousandths('-0'), 0)).toBe(true);
    expect(Object.is(parseThousandths('-0.000'), 0)).toBe(true);
  });

  it('refuses what isDecimalString refuses', () => {
    for (const text of ['', '-', '+1', '1.', '.5', '1e3', ' 1', '1 ', '1,5', '1.2.3', '--1', '١٢', 'NaN']) {
      expect(isDecimalString(text, { allowNegative: true })).toBe(false);
      expect(parseThousandths(text)).toBeUndefined();
    }
  });

  it('throws rather than round a fourth significant decimal', () => {
    expect(() => parseThousandths('33.3333')).toThrow(OutsideFixedPoint);
    expect(() => parseThousandths('1.0005')).toThrow(OutsideFixedPoint);
  });

  it('holds values near 1e12 rupees exactly and throws beyond the safe integers', () => {
    expect(parseThousandths('999999999999.99')).toBe(999_999_999_999_990);
    expect(parseThousandths('-1000000000000.001')).toBe(-1_000_000_000_000_001);
    expect(parseThousandths('9007199254740.991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseThousandths('9007199254740.992')).toThrow(OutsideFixedPoint);
    expect(() => parseThousandths('123456789012345678901234567890')).toThrow(OutsideFixedPoint);
  });

  it('agrees with decimal.js on random text of up to three decimals', () => {
    const random = randomSource(11);
    for (let run = 0; run < 5000; run++) {
      const text = randomDecimalText(random, 12, 3);
      const units = parseThousandths(text);
      expect(units).toBeDefined();
      expect(asDecimal(units!).eq(new Dec(text))).toBe(true);
    }
  });
});

describe('roundThousandthsHalfUp', () => {
  const rounded = (text: string, places: number) =>
    asDecimal(roundThousandthsHalfUp(parseThousandths(text)!, places)).toFixed(places);

  it('rounds a tie at .5 away from zero, as NIC and decimal.js ROUND_HALF_UP do', () => {
    expect(rounded('2.345', 2)).toBe('2.35');
    expect(rounded('0.005', 2)).toBe('0.01');
    expect(rounded('2.5', 0)).toBe('3');
    expect(rounded('-2.345', 2)).toBe('-2.35');
    expect(rounded('-0.005', 2)).toBe('-0.01');
    expect(rounded('-2.5', 0)).toBe('-3');
  });

  it('rounds other values to the nearest, negative round-off amounts like positive ones', () => {
    expect(rounded('2.344', 2)).toBe('2.34');
    expect(rounded('2.346', 2)).toBe('2.35');
    expect(rounded('-0.454', 2)).toBe('-0.45');
    expect(rounded('-0.456', 2)).toBe('-0.46');
    expect(rounded('-99.994', 2)).toBe('-99.99');
    expect(rounded('999999999999.995', 2)).toBe('1000000000000.00');
  });

  it('leaves a value already at scale unchanged', () => {
    expect(roundThousandthsHalfUp(1_234_560, 2)).toBe(1_234_560);
    expect(roundThousandthsHalfUp(1_234_567, 3)).toBe(1_234_567);
    expect(hasAtMostPlaces(1_234_560, 2)).toBe(true);
    expect(hasAtMostPlaces(1_234_567, 2)).toBe(false);
  });

  it('agrees with decimal.js toDecimalPlaces(ROUND_HALF_UP) on random values', () => {
    const random = randomSource(23);
    for (let run = 0; run < 5000; run++) {
      const text = randomDecimalText(random, 12, 3);
      const places = Math.floor(random() * 4);
      expect(rounded(text, places)).toBe(
        new Dec(text).toDecimalPlaces(places, Dec.ROUND_HALF_UP).toFixed(places),
      );
    }
  });
});

describe('sums, differences and products', () => {
  it('adds and subtracts exactly where binary floating point does not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(thousandthsToWire(addThousandths(parseThousandths('0.1')!, parseThousandths('0.2')!))).toBe(0.3);
    expect(subtractThousandths(parseThousandths('1000000000000.01')!, parseThousandths('0.02')!)).toBe(
      999_999_999_999_990,
    );
  });

  it('throws when a sum leaves the safe integers', () => {
    const large = parseThousandths('9000000000000')!;
    expect(() => addThousandths(large, large)).toThrow(OutsideFixedPoint);
    expect(() => subtractThousandths(-large, large)).toThrow(OutsideFixedPoint);
  });

  it('multiplies 3-decimal quantities by 3-decimal prices exactly when the product fits three places', () => {
    expect(multiplyThousandths(parseThousandths('2.125')!, parseThousandths('4')!)).toBe(8_500);
    expect(multiplyThousandths(parseThousandths('12.5')!, parseThousandths('0.2')!)).toBe(2_500);
    expect(multiplyThousandths(parseThousandths('-1.5')!, parseThousandths('83.25')!)).toBe(-124_875);
  });

  it('throws when the product needs more than three places or leaves the safe integers', () => {
    expect(() => multiplyThousandths(parseThousandths('2.125')!, parseThousandths('1.005')!)).toThrow(
      OutsideFixedPoint,
    );
    expect(() => multiplyThousandths(parseThousandths('1000000')!, parseThousandths('1000000')!)).toThrow(
      OutsideFixedPoint,
    );
  });

  it('agrees with decimal.js on random sums and products', () => {
    const random = randomSource(37);
    for (let run = 0; run < 5000; run++) {
      // Up to 4 integer digits: the product of the thousandths stays below 1e14, inside the safe range.
      const a = randomDecimalText(random, 4, 3);
      const b = randomDecimalText(random, 4, 3);
      const [unitsA, unitsB] = [parseThousandths(a)!, parseThousandths(b)!];
      expect(asDecimal(addThousandths(unitsA, unitsB)).eq(new Dec(a).plus(b))).toBe(true);
      expect(asDecimal(subtractThousandths(unitsA, unitsB)).eq(new Dec(a).minus(b))).toBe(true);
      const product = new Dec(a).times(b);
      if (product.decimalPlaces() <= 3) {
        expect(asDecimal(multiplyThousandths(unitsA, unitsB)).eq(product)).toBe(true);
      } else {
        expect(() => multiplyThousandths(unitsA, unitsB)).toThrow(OutsideFixedPoint);
      }
    }
  });
});

describe('isWithinFraction', () => {
  const within = (actual: string, base: string, rate: string, denominator: number, tolerance: string) =>
    isWithinFraction(
      parseThousandths(actual)!,
      parseThousandths(base)!,
      parseThousandths(rate)!,
      denominator,
      parseThousandths(tolerance)!,
    );

  it('compares a tax with taxable value x rate / 100 within the tolerance, bounds included', () => {
    expect(within('180', '1000', '18', 100, '1')).toBe(true);
    expect(within('181', '1000', '18', 100, '1')).toBe(true);
    expect(within('181.01', '1000', '18', 100, '1')).toBe(false);
    expect(within('178.99', '1000', '18', 100, '1')).toBe(false);
    expect(within('0.02', '0.125', '18', 200, '0.01')).toBe(true); // 0.01125
    expect(within('-0.01', '-0.125', '18', 200, '0.01')).toBe(true);
  });

  it('stays exact for taxable values near 1e12 rupees (BigInt beyond 2^52)', () => {
    // 999,999,999,999.99 x 28 % = 279,999,999,999.9972
    expect(within('279999999999', '999999999999.99', '28', 100, '1')).toBe(true);
    expect(within('279999999998.997', '999999999999.99', '28', 100, '1')).toBe(false);
    expect(within('279999999998.998', '999999999999.99', '28', 100, '1')).toBe(true);
  });

  it('agrees with decimal.js on random taxes, bases and rates', () => {
    const random = randomSource(41);
    for (let run = 0; run < 5000; run++) {
      const base = randomDecimalText(random, 12, 2);
      const rate = randomDecimalText(random, 2, 3).replace('-', '');
      const denominator = random() < 0.5 ? 100 : 200;
      const expected = new Dec(base).times(new Dec(rate).div(denominator));
      const actual = expected.plus(Math.floor(random() * 300 - 150) / 100).toDecimalPlaces(2);
      const decimalAnswer = actual.minus(expected).abs().lte(1);
      expect(within(actual.toFixed(), base, rate, denominator, '1')).toBe(decimalAnswer);
    }
  });
});

describe('wire numbers', () => {
  it('turns thousandths into the double nearest their decimal text, never -0', () => {
    expect(thousandthsToWire(1_234_560)).toBe(Number('1234.56'));
    expect(thousandthsToWire(-450)).toBe(-0.45);
    expect(Object.is(thousandthsToWire(-0), 0)).toBe(true);
    expect(thousandthsToWire(999_999_999_999_990)).toBe(Number('999999999999.99'));
  });

  it('reads back exactly the decimal a wire number shows, and throws for any other double', () => {
    expect(thousandthsFromWire(33.33)).toBe(33_330);
    expect(thousandthsFromWire(-0.45)).toBe(-450);
    expect(thousandthsFromWire(undefined)).toBe(0);
    expect(Object.is(thousandthsFromWire(-0), 0)).toBe(true);
    expect(() => thousandthsFromWire(0.1 + 0.2)).toThrow(OutsideFixedPoint);
    expect(() => thousandthsFromWire(1.0005)).toThrow(OutsideFixedPoint);
    expect(() => thousandthsFromWire(Number.NaN)).toThrow(OutsideFixedPoint);
    expect(() => thousandthsFromWire(5e12)).toThrow(OutsideFixedPoint);
  });

  it('round-trips random values up to 4e12 and agrees with decimal.js reading the double', () => {
    const random = randomSource(53);
    for (let run = 0; run < 5000; run++) {
      const text = randomDecimalText(random, 12, 3);
      const wire = thousandthsToWire(parseThousandths(text)!);
      expect(Number(text)).toBe(wire === 0 ? Math.abs(Number(text)) : wire);
      expect(asDecimal(thousandthsFromWire(wire)).eq(new Dec(wire))).toBe(true);
    }
  });
});
