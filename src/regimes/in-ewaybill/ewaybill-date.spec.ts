import { ewaybillDateTime } from './ewaybill-date';

describe('ewaybillDateTime', () => {
  it('reads the direct API forms (reference capture) and keeps the by-IRN form', () => {
    expect(ewaybillDateTime('05/10/2022 12:39:00 PM')).toBe('2022-10-05 12:39:00');
    expect(ewaybillDateTime('06/10/2022 11:59:00 PM')).toBe('2022-10-06 23:59:00');
    expect(ewaybillDateTime('06/10/2022 12:05:00 AM')).toBe('2022-10-06 00:05:00');
    expect(ewaybillDateTime('06/10/2022')).toBe('2022-10-06 00:00:00');
    expect(ewaybillDateTime('2022-10-06 23:59:00')).toBe('2022-10-06 23:59:00');
    expect(ewaybillDateTime(undefined)).toBeUndefined();
  });
});
