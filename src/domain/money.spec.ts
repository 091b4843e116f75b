import { Decimal } from 'decimal.js';
import { Dec, ZERO, dec, isDecimalString, roundTo, sum, toFixed } from './money';

describe('money', () => {
  describe('dec', () => {
    it('reads decimal strings, numbers and Decimals exactly', () => {
      expect(dec('0.1').plus(dec('0.2')).toString()).toBe('0.3');
      expect(dec(12.5).toString()).toBe('12.5');
      expect(dec(new Dec('7.125')).toString()).toBe('7.125');
      expect(dec(' 1180.00 ').toFixed(2)).toBe('1180.00');
    });

    it.each(['', 'abc', '1,000.00', '12.5.1', '0x1F', 'NaN', 'Infinity'])('throws on %j', (text) => {
      expect(() => dec(text)).toThrow(TypeError);
    });

    it('throws on non-finite numbers and Decimals', () => {
      expect(() => dec(Number.NaN)).toThrow(TypeError);
      expect(() => dec(Number.POSITIVE_INFINITY)).toThrow(TypeError);
      expect(() => dec(new Dec(Number.NaN))).toThrow(TypeError);
    });

    it('keeps 40 significant digits', () => {
      expect(dec('1').dividedBy(3).toString()).toBe(`0.${'3'.repeat(40)}`);
    });

    it('gives back one of its own Decimals as it is, and copies a Decimal of another configuration', () => {
      const own = new Dec('7.125');
      expect(dec(own)).toBe(own);
      const foreign = new Decimal('1');
      expect(dec(foreign)).not.toBe(foreign);
      expect(dec(foreign).dividedBy(3).toString()).toBe(`0.${'3'.repeat(40)}`);
    });
  });

  describe('isDecimalString', () => {
    it.each(['0', '18', '18.00', '1180.50', '0.125', '007'])('accepts %j', (text) => {
      expect(isDecimalString(text)).toBe(true);
    });

    it.each(['', ' 1', '1.', '.5', '+1', '1e3', '1,000', 'abc', '--1'])('rejects %j', (text) => {
      expect(isDecimalString(text)).toBe(false);
    });

    it('rejects non-strings, including JSON numbers', () => {
      expect(isDecimalString(18)).toBe(false);
      expect(isDecimalString(null)).toBe(false);
      expect(isDecimalString(undefined)).toBe(false);
    });

    it('accepts a minus only when allowed', () => {
      expect(isDecimalString('-0.45')).toBe(false);
      expect(isDecimalString('-0.45', { allowNegative: true })).toBe(true);
    });

    it('limits the number of decimals when asked', () => {
      expect(isDecimalString('1.125', { maxScale: 2 })).toBe(false);
      expect(isDecimalString('1.12', { maxScale: 2 })).toBe(true);
      expect(isDecimalString('1', { maxScale: 0 })).toBe(true);
    });
  });

  describe('roundTo and toFixed', () => {
    it('rounds ties up, away from zero for negatives', () => {
      expect(roundTo('1890.225', 2).toString()).toBe('1890.23');
      expect(roundTo('-1890.225', 2).toString()).toBe('-1890.23');
      expect(roundTo('2.344', 2).toString()).toBe('2.34');
      expect(roundTo('0.0005', 3).toString()).toBe('0.001');
    });

    it('does not suffer binary floating point (1.005 rounds to 1.01)', () => {
      expect(toFixed('1.005', 2)).toBe('1.01');
      expect(toFixed(1.005, 2)).toBe('1.01');
    });

    it('pads to the requested places and never prints negative zero', () => {
      expect(toFixed('5', 2)).toBe('5.00');
      expect(toFixed('12.3456', 3)).toBe('12.346');
      expect(toFixed('-0.001', 2)).toBe('0.00');
      expect(toFixed('-0', 2)).toBe('0.00');
      expect(toFixed('-12.5', 2)).toBe('-12.50');
      expect(toFixed('1180.50', 0)).toBe('1181');
    });

    it('writes huge and tiny amounts without an exponent', () => {
      expect(toFixed('1e21', 2)).toBe('1000000000000000000000.00');
      expect(toFixed('-123456789012345678901234.5', 1)).toBe('-123456789012345678901234.5');
      expect(toFixed('1e-7', 8)).toBe('0.00000010');
    });
  });

  describe('sum', () => {
    it('adds strings and Decimals exactly', () => {
      expect(sum(['0.1', '0.2', dec('0.3')]).toString()).toBe('0.6');
      expect(sum(['2205.00', '1890.23', '315.00']).toFixed(2)).toBe('4410.23');
    });

    it('is zero for no values', () => {
      expect(sum([]).equals(ZERO)).toBe(true);
    });

    it('is an unsigned zero when the values cancel out or are all zeros', () => {
      expect(sum(['5', '-5']).isNeg()).toBe(false);
      expect(sum(['-0', '-0.00']).isNeg()).toBe(false);
    });

    it('rounds to 40 significant digits, even a single value', () => {
      const digits45 = '123456789012345678901234567890123456789012345';
      expect(sum([digits45]).toFixed()).toBe(`${digits45.slice(0, 40)}00000`);
      expect(sum(['0', digits45, '-0']).toFixed()).toBe(`${digits45.slice(0, 40)}00000`);
    });
  });
});
