import { financialYear, financialYearRange, isFinancialYear } from './financial-year';

describe('financial year', () => {
  it.each([
    ['2024-04-01', '2024-25'],
    ['2025-03-31', '2024-25'],
    ['2025-01-15', '2024-25'],
    ['2022-10-05', '2022-23'],
    ['1999-12-31', '1999-00'],
  ])('puts %s in %s', (date, fy) => {
    expect(financialYear(date)).toBe(fy);
  });

  it('throws on a non-date (callers validate first)', () => {
    expect(() => financialYear('2024-02-30')).toThrow(RangeError);
  });

  it('gives the first and last day of a year', () => {
    expect(financialYearRange('2024-25')).toEqual({ start: '2024-04-01', end: '2025-03-31' });
  });

  it.each(['2024-26', '2024', '24-25', '2024/25'])('rejects %j', (fy) => {
    expect(isFinancialYear(fy)).toBe(false);
    expect(() => financialYearRange(fy)).toThrow(RangeError);
  });
});
