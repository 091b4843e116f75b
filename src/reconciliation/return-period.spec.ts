import {
  isGstr2bDue,
  latestGeneratedPeriod,
  periodRange,
  previousPeriod,
  unreconcilablePeriod,
} from './return-period';

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

  it('names the newest generated period: the month before until the generation day', () => {
    expect(latestGeneratedPeriod(new Date('2026-11-13T18:00:00Z'), 14)).toBe('092026');
    expect(latestGeneratedPeriod(new Date('2026-11-13T18:30:00Z'), 14)).toBe('102026');
    expect(latestGeneratedPeriod(new Date('2027-01-05T00:00:00Z'), 14)).toBe('112026');
    expect(latestGeneratedPeriod(new Date('2027-02-05T00:00:00Z'), 14)).toBe('122026');
  });
});

describe('unreconcilablePeriod', () => {
  const now = new Date('2026-11-20T06:00:00Z');
  it('accepts an ended month', () => {
    expect(unreconcilablePeriod('102026', now)).toBeUndefined();
    expect(unreconcilablePeriod('072017', now)).toBeUndefined();
  });
  it('refuses the current and future months, judged in Indian time', () => {
    expect(unreconcilablePeriod('112026', now)).toMatch(/has not ended yet/);
    expect(unreconcilablePeriod('012027', now)).toMatch(/has not ended yet/);
    // 30 Nov 19:00 UTC is already 1 Dec in India: November has ended
    expect(unreconcilablePeriod('112026', new Date('2026-11-30T19:00:00Z'))).toBeUndefined();
  });
  it('refuses malformed and pre-GST periods', () => {
    expect(unreconcilablePeriod('132026', now)).toMatch(/MMYYYY/);
    expect(unreconcilablePeriod('2026-10', now)).toMatch(/MMYYYY/);
    expect(unreconcilablePeriod('062017', now)).toMatch(/before GST began/);
  });
});
