import { isGstr2bDue, periodRange, previousPeriod } from './return-period';

describe('return periods', () => {
  it('takes the previous month in Indian time', () => {
    expect(previousPeriod(new Date('2026-11-20T06:00:00Z'))).toBe('102026');
    expect(previousPeriod(new Date('2026-01-05T00:00:00Z'))).toBe('122025');
    // 31 Oct 20:00 UTC is already 1 Nov in India
    expect(previousPeriod(new Date('2026-10-31T20:00:00Z'))).toBe('102026');
  });

  it('covers the days of the period', () => {
    expect(periodRange('022028')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('102026')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('is due from the generation day of the following month', () => {
    expect(isGstr2bDue('102026', new Date('2026-11-13T18:00:00Z'), 14)).toBe(false);
    expect(isGstr2bDue('102026', new Date('2026-11-13T18:30:00Z'), 14)).toBe(true);
    expect(isGstr2bDue('122026', new Date('2027-01-14T00:00:00Z'), 14)).toBe(true);
    expect(isGstr2bDue('122026', new Date('2026-12-30T00:00:00Z'), 14)).toBe(false);
  });
});
