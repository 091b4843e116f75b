import { ewayBillValidityDays, ewayBillValidUntilMs, istEndOfDayAfterMs } from './ewaybill-validity';

const ist = (text: string) => new Date(`${text}+05:30`).getTime();

describe('e-way bill validity', () => {
  it('gives a day per 200 km or part of it, around each 200 km boundary', () => {
    expect(ewayBillValidityDays(1, false)).toBe(1);
    expect(ewayBillValidityDays(199, false)).toBe(1);
    expect(ewayBillValidityDays(200, false)).toBe(1);
    expect(ewayBillValidityDays(201, false)).toBe(2);
    expect(ewayBillValidityDays(399, false)).toBe(2);
    expect(ewayBillValidityDays(400, false)).toBe(2);
    expect(ewayBillValidityDays(401, false)).toBe(3);
    expect(ewayBillValidityDays(2467, false)).toBe(13);
    expect(ewayBillValidityDays(4000, false)).toBe(20);
  });

  it('gives a day per 20 km or part of it for over-dimensional cargo', () => {
    expect(ewayBillValidityDays(20, true)).toBe(1);
    expect(ewayBillValidityDays(21, true)).toBe(2);
    expect(ewayBillValidityDays(45, true)).toBe(3);
    expect(ewayBillValidityDays(200, true)).toBe(10);
  });

  it('ends at 23:59 IST of the last day, matching NIC captures', () => {
    // 10 km entered 05/10/2022 12:39 PM -> 06/10/2022 11:59 PM.
    expect(ewayBillValidUntilMs(ist('2022-10-05T12:39:00'), 10, false)).toBe(ist('2022-10-06T23:59:00'));
    // 2467 km entered 16/09/2022 19:29 -> 29/09/2022 23:59 (NIC-signed sample).
    expect(ewayBillValidUntilMs(ist('2022-09-16T19:29:00'), 2467, false)).toBe(ist('2022-09-29T23:59:00'));
    // 200 km and 201 km from the same minute: one day apart.
    expect(ewayBillValidUntilMs(ist('2024-03-01T10:00:00'), 200, false)).toBe(ist('2024-03-02T23:59:00'));
    expect(ewayBillValidUntilMs(ist('2024-03-01T10:00:00'), 201, false)).toBe(ist('2024-03-03T23:59:00'));
    // ODC, 45 km: three days.
    expect(ewayBillValidUntilMs(ist('2024-03-01T10:00:00'), 45, true)).toBe(ist('2024-03-04T23:59:00'));
  });

  it('counts IST days, not UTC ones, around midnight and month ends', () => {
    // 00:15 IST on 05/10 is still 04/10 in UTC: the day counted is the IST one.
    expect(istEndOfDayAfterMs(ist('2022-10-05T00:15:00'), 1)).toBe(ist('2022-10-06T23:59:00'));
    // 23:58 IST: one day later still ends the next day.
    expect(istEndOfDayAfterMs(ist('2022-10-05T23:58:00'), 1)).toBe(ist('2022-10-06T23:59:00'));
    expect(istEndOfDayAfterMs(ist('2024-02-28T18:00:00'), 2)).toBe(ist('2024-03-01T23:59:00'));
    expect(istEndOfDayAfterMs(ist('2023-12-31T09:00:00'), 1)).toBe(ist('2024-01-01T23:59:00'));
  });
});
