import { ewayBillValidityDays, ewayBillValidTill } from './ewaybill-validity';

describe('e-way bill validity', () => {
  it('gives a day per 200 km or part, and per 20 km for over-dimensional cargo', () => {
    expect(ewayBillValidityDays(10, false)).toBe(1);
    expect(ewayBillValidityDays(200, false)).toBe(1);
    expect(ewayBillValidityDays(201, false)).toBe(2);
    expect(ewayBillValidityDays(2467, false)).toBe(13);
    expect(ewayBillValidityDays(45, true)).toBe(3);
  });

  it('ends on the IST calendar day, matching NIC fixtures', () => {
    // 16/09/2022 19:29 IST, 2467 km -> 29/09/2022 23:59 (NIC-signed sample).
    expect(ewayBillValidTill(new Date('2022-09-16T13:59:00Z'), 2467, false)).toBe('2022-09-29 23:59:00');
    // 00:15 IST is already the next IST day although UTC is still on the previous one.
    expect(ewayBillValidTill(new Date('2022-10-04T18:45:00Z'), 10, false)).toBe('2022-10-06 23:59:00');
  });
});
