import { neutraliseFormula } from './spreadsheet-cell';

describe('neutraliseFormula', () => {
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
