import { dec, roundTo, toFixed } from '../money';
import { fixed, rounded, sumOf } from './decimal-text';
import { FixedPoint } from './fixed-point';

const VALUES = [
  '0',
  '-0',
  '1',
  '-1',
  '2.345',
  '-2.345',
  '2.3449999',
  '-0.001',
  '-0.005',
  '0.005',
  '1234567.5',
  '100',
  '0.1',
  '123456789012345678901',
  '1e25',
  '99.9999',
  '-99.9951',
];

/** Through the parser for plain text, through Decimal for the rest ('1e25'). */
const fp = (value: string): FixedPoint => FixedPoint.parse(value) ?? FixedPoint.of(dec(value));

describe('decimal text helpers agree with money.ts', () => {
  it.each([0, 2, 3])('fixed(value, %i) is toFixed', (places) => {
    for (const value of VALUES) expect(fixed(fp(value), places)).toBe(toFixed(value, places));
  });

  it('rounded is roundTo', () => {
    for (const value of VALUES) expect(rounded(fp(value), 2).toString()).toBe(roundTo(value, 2).toString());
  });

  it('sumOf adds exactly, skipping zeros', () => {
    expect(sumOf([fp('0.1'), fp('0.2'), fp('0'), fp('-0.3')]).toString()).toBe('0');
    expect(sumOf([fp('1.005'), fp('2.995')]).toString()).toBe('4');
    expect(sumOf([]).isZero()).toBe(true);
  });
});
