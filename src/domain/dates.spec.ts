import { type DateFormat, fromNicDate, isIsoDate, parseDate, toNicDate } from './dates';

describe('dates', () => {
  it.each(['2024-04-01', '2024-02-29', '2000-02-29', '2025-12-31'])('%s is an ISO date', (text) => {
    expect(isIsoDate(text)).toBe(true);
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-4-1',
    '20240401',
    '',
    null,
  ])('%j is not an ISO date', (text) => {
    expect(isIsoDate(text)).toBe(false);
  });

  it('converts to and from NIC dd/mm/yyyy', () => {
    expect(toNicDate('2024-07-05')).toBe('05/07/2024');
    expect(fromNicDate('05/07/2024')).toBe('2024-07-05');
    expect(fromNicDate('31/04/2024')).toBeUndefined();
    expect(fromNicDate('5/7/2024')).toBeUndefined();
    expect(() => toNicDate('05/07/2024')).toThrow(RangeError);
  });

  it.each<[string, DateFormat, string | undefined]>([
    ['2024-04-01', 'YYYY-MM-DD', '2024-04-01'],
    ['01/04/2024', 'DD/MM/YYYY', '2024-04-01'],
    ['1/4/2024', 'DD/MM/YYYY', '2024-04-01'],
    ['01-04-2024', 'DD-MM-YYYY', '2024-04-01'],
    ['04/01/2024', 'MM/DD/YYYY', '2024-04-01'],
    ['20240401', 'YYYYMMDD', '2024-04-01'],
    ['01-Apr-2024', 'DD-MMM-YYYY', '2024-04-01'],
    ['1-APR-2024', 'DD-MMM-YYYY', '2024-04-01'],
    [' 01-Apr-2024 ', 'DD-MMM-YYYY', '2024-04-01'],
    ['31/04/2024', 'DD/MM/YYYY', undefined],
    ['13/13/2024', 'MM/DD/YYYY', undefined],
    ['01/04/2024', 'DD-MM-YYYY', undefined],
    ['01-Abc-2024', 'DD-MMM-YYYY', undefined],
    ['2024041', 'YYYYMMDD', undefined],
    ['20230229', 'YYYYMMDD', undefined],
    ['', 'YYYY-MM-DD', undefined],
  ])('parses %j as %s to %s', (text, format, expected) => {
    expect(parseDate(text, format)).toBe(expected);
  });
});
