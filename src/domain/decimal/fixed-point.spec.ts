import { type Decimal, Dec } from '../money';
import { FixedPoint } from './fixed-point';

/** Values on both sides of every limit: zero and negative zero, scales, the safe-integer edge, Decimal-only ones. */
const TEXTS = [
  '0',
  '-0',
  '-0.00',
  '1',
  '-1',
  '0.5',
  '-0.5',
  '2.345',
  '-2.345',
  '0.005',
  '-0.004',
  '-0.005',
  '99.9951',
  '21300.00',
  '-45000830.00',
  '16428.50',
  '622.089',
  '0.0000001',
  '0.000001',
  '1.000000000000001',
  '1.0000000000000001',
  '90071992547409.91',
  '9007199254740991',
  '9007199254740993',
  '123456789012345678901',
  '.5',
  '+7',
];

const toDecimal = (text: string): Decimal => new Dec(text);
const fixedPoint = (text: string): FixedPoint => {
  const parsed = FixedPoint.parse(text);
  if (!parsed) throw new Error(`not parsed: ${text}`);
  return parsed;
};

/** What an operation gives, as text that tells negative zero apart. */
function shown(value: Decimal | FixedPoint): string {
  return `${value.isNegative() ? 'neg' : 'pos'} ${value.toString()} ${value.toFixed(2)} ${value.decimalPlaces()}`;
}

describe('FixedPoint agrees with Decimal', () => {
  it('parses and prints every value the same', () => {
    for (const text of TEXTS) expect([text, shown(fixedPoint(text))]).toEqual([text, shown(toDecimal(text))]);
  });

  it('adds, subtracts, multiplies, divides and compares every pair the same', () => {
    for (const a of TEXTS) {
      for (const b of TEXTS) {
        const [x, y, dx, dy] = [fixedPoint(a), fixedPoint(b), toDecimal(a), toDecimal(b)];
        const case_ = `${a} ${b}`;
        expect([case_, shown(x.plus(y))]).toEqual([case_, shown(dx.plus(dy))]);
        expect([case_, shown(x.minus(y))]).toEqual([case_, shown(dx.minus(dy))]);
        expect([case_, shown(x.times(y))]).toEqual([case_, shown(dx.times(dy))]);
        expect([case_, x.compare(y), x.greaterThan(y), x.lessThan(y)]).toEqual([
          case_,
          dx.comparedTo(dy),
          dx.greaterThan(dy),
          dx.lessThan(dy),
        ]);
        if (!dy.isZero()) expect([case_, shown(x.dividedBy(y))]).toEqual([case_, shown(dx.dividedBy(dy))]);
      }
    }
  });

  it('rounds half away from zero, negates and takes absolute values the same', () => {
    for (const text of TEXTS) {
      for (const places of [0, 1, 2, 3]) {
        const rounded = fixedPoint(text).rounded(places);
        expect([text, places, shown(rounded)]).toEqual([
          text,
          places,
          shown(toDecimal(text).toDecimalPlaces(places, Dec.ROUND_HALF_UP)),
        ]);
        expect([text, places, fixedPoint(text).toFixed(places)]).toEqual([
          text,
          places,
          toDecimal(text).toFixed(places),
        ]);
      }
      expect(shown(fixedPoint(text).negated())).toBe(shown(toDecimal(text).negated()));
      expect(shown(fixedPoint(text).abs())).toBe(shown(toDecimal(text).abs()));
    }
  });

  it('stays exact on random invoice arithmetic', () => {
    let seed = 7;
    const random = (limit: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % limit;
    };
    const text = (): string =>
      `${random(3) === 0 ? '-' : ''}${random(10_000_000)}.${String(random(1000)).padStart(3, '0')}`;
    for (let round = 0; round < 2000; round += 1) {
      const [a, b, c] = [text(), text(), text()];
      const fast = fixedPoint(a)
        .times(fixedPoint(b))
        .rounded(2)
        .plus(fixedPoint(c))
        .dividedBy(200)
        .rounded(2);
      const exact = toDecimal(a)
        .times(toDecimal(b))
        .toDecimalPlaces(2, Dec.ROUND_HALF_UP)
        .plus(toDecimal(c))
        .dividedBy(200)
        .toDecimalPlaces(2, Dec.ROUND_HALF_UP);
      expect([a, b, c, shown(fast)]).toEqual([a, b, c, shown(exact)]);
    }
  });

  it('refuses text that is not a plain decimal', () => {
    for (const text of ['', '-', '.', '1e5', 'abc', '1.2.3', ' 1'])
      expect(FixedPoint.parse(text)).toBeUndefined();
  });
});
