import { istDateTime, parseDayMonthYear } from './ist-time';

describe('parseDayMonthYear', () => {
  it('reads real calendar dates, leap days included', () => {
    expect(parseDayMonthYear('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDayMonthYear('29/02/2000')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseDayMonthYear('31/12/2029')).toEqual({ year: 2029, month: 12, day: 31 });
    expect(parseDayMonthYear('30/04/2024')).toEqual({ year: 2024, month: 4, day: 30 });
    expect(parseDayMonthYear('01/01/0100')).toEqual({ year: 100, month: 1, day: 1 });
  });

  it.each([
    '29/02/2023',
    '29/02/1900',
    '31/04/2024',
    '32/01/2024',
    '00/01/2024',
    '01/00/2024',
    '01/13/2024',
    '01/01/0099',
    '1/1/2024',
    '01-01-2024',
    '01/01/2024 ',
    '0a/01/2024',
    '',
  ])('refuses %p', (text) => {
    expect(parseDayMonthYear(text)).toBeUndefined();
  });
});

describe('istDateTime', () => {
  it('writes the IST date and time of each second, the same for every instant in it', () => {
    expect(istDateTime(new Date('2026-11-22T04:30:00.100Z'))).toBe('2026-11-22 10:00:00');
    expect(istDateTime(new Date('2026-11-22T04:30:00.999Z'))).toBe('2026-11-22 10:00:00');
    expect(istDateTime(new Date('2026-11-22T04:30:01.000Z'))).toBe('2026-11-22 10:00:01');
    expect(istDateTime(new Date('2026-11-22T18:29:59.999Z'))).toBe('2026-11-22 23:59:59');
    expect(istDateTime(new Date('2026-11-22T18:30:00.000Z'))).toBe('2026-11-23 00:00:00');
    expect(istDateTime(new Date('2026-11-22T04:30:00.500Z'))).toBe('2026-11-22 10:00:00');
    expect(istDateTime(new Date('1969-12-31T18:29:59.500Z'))).toBe('1969-12-31 23:59:59');
    expect(istDateTime(new Date('1969-12-31T18:30:00.500Z'))).toBe('1970-01-01 00:00:00');
  });
});
