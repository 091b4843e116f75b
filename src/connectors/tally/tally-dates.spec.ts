import { parseTallyDate, parseTallyDayNumber, readTallyDate, toTallyDate } from './tally-dates';

describe('Tally dates', () => {
  it('reads YYYYMMDD, as collection exports write stored dates', () => {
    expect(parseTallyDate('20250601')).toBe('2025-06-01');
    expect(parseTallyDate(' 20250601 ')).toBe('2025-06-01');
    expect(parseTallyDate('20250231')).toBeUndefined();
  });

  it('reads d-MMM-yy, the display form of aggregated values (the day-wise count)', () => {
    expect(parseTallyDate('22-Nov-26')).toBe('2026-11-22');
    expect(parseTallyDate('1-Apr-24')).toBe('2024-04-01');
    expect(parseTallyDate('01-APR-24')).toBe('2024-04-01');
    expect(parseTallyDate('31-Dec-99')).toBe('1999-12-31');
    expect(parseTallyDate('29-Feb-23')).toBeUndefined();
  });

  it('reads d-MMM-yyyy', () => {
    expect(parseTallyDate('1-Aug-2026')).toBe('2026-08-01');
    expect(parseTallyDate('15-Sept-2025')).toBe('2025-09-15');
    expect(parseTallyDate('31-Apr-2026')).toBeUndefined();
  });

  it('reads the JD day number a function answers with', () => {
    expect(parseTallyDayNumber('45383')).toBe('2024-04-01');
    expect(readTallyDate({ attrs: { JD: '45747' }, text: '31-Mar-2025' })).toBe('2025-03-31');
    expect(readTallyDate({ attrs: {}, text: '31-Mar-2025' })).toBe('2025-03-31');
    expect(parseTallyDayNumber('4.5')).toBeUndefined();
  });

  it('refuses what is no date at all', () => {
    for (const text of ['', 'ñ', '2025-06-01x', 'Nov-26', '22-Foo-26', '22-Nov-2'])
      expect(parseTallyDate(text)).toBeUndefined();
  });

  it('writes YYYYMMDD', () => {
    expect(toTallyDate('2024-04-01')).toBe('20240401');
  });
});
