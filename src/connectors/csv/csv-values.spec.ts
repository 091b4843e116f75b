import { normaliseDecimalText, parseCell } from './csv-values';

const FORMAT = { dateFormat: 'DD-MM-YYYY', decimalSeparator: '.' } as const;

describe('parseCell', () => {
  it.each([
    ['decimal', '1,18,000.50', '118000.50'],
    ['decimal', '-12.5', '-12.5'],
    ['integer', '42', 42],
    ['boolean', 'Yes', true],
    ['boolean', 'N', false],
    ['date', '5-11-2026', '2026-11-05'],
    ['stateCode', 'Tamil Nadu', '33'],
    ['stateCode', '7', '07'],
    ['unit', 'Nos.', 'NOS'],
    ['code', ' 29aadcd4821k1zi', ' 29AADCD4821K1ZI'],
  ] as const)('reads %s "%s"', (kind, text, expected) => {
    expect(parseCell(kind, text, FORMAT)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['decimal', 'ten', 'decimal'],
    ['decimal', '1e3', 'decimal'],
    ['integer', '1.5', 'integer'],
    ['boolean', 'maybe', 'boolean'],
    ['date', '31-11-2026', 'date'],
    ['stateCode', '25', 'stateCode'],
    ['unit', 'buckets', 'unit'],
  ] as const)('refuses %s "%s"', (kind, text, rule) => {
    expect(parseCell(kind, text, FORMAT)).toMatchObject({ ok: false, rule });
  });
});

describe('normaliseDecimalText', () => {
  it('drops group separators and reads a decimal comma', () => {
    expect(normaliseDecimalText('1.234.567,89', ',')).toBe('1234567.89');
    expect(normaliseDecimalText('+7', '.')).toBe('7');
    expect(normaliseDecimalText('12.3.4', '.')).toBeUndefined();
    expect(normaliseDecimalText('-12.50', '.')).toBe('-12.50');
    expect(normaliseDecimalText('1.234', ',')).toBe('1234');
    expect(normaliseDecimalText('-7', ',')).toBe('-7');
  });
});
