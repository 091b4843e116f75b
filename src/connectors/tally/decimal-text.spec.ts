import { dec, roundTo, toFixed } from '../../domain/money';
import { fixed, rounded, sumOf } from './decimal-text';

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

describe('decimal text helpers agree with money.ts', () => {
  it.each([0, 2, 3])('fixed(value, %i) is toFixed', (places) => {
    for (const value of VALUES) expect(fixed(dec(value), places)).toBe(toFixed(value, places));
  });

  it('rounded is roundTo', () => {
    for (const value of VALUES) expect(rounded(dec(value), 2).toString()).toBe(roundTo(value, 2).toString());
  });

  it('sumOf adds exactly, skipping zeros', () => {
    expect(sumOf([dec('0.1'), dec('0.2'), dec('0'), dec('-0.3')]).toString()).toBe('0');
    expect(sumOf([dec('1.005'), dec('2.995')]).toString()).toBe('4');
    expect(sumOf([]).isZero()).toBe(true);
  });
});
