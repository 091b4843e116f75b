import { parseDayMonthYear } from './ist-time';

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
