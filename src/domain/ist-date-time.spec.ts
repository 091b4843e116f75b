import { formatIstDateTime, istDateTime, parseIstDateTime } from './ist-date-time';

describe('IST date-times in one shape (issue 29: ewbValidUpto came in two)', () => {
  it('reads the IRP, e-way bill system and ISO shapes as the same instant', () => {
    const irp = parseIstDateTime('2026-11-30 23:59:00');
    expect(irp).toBe(Date.UTC(2026, 10, 30, 18, 29, 0));
    expect(parseIstDateTime('30/11/2026 11:59:00 PM')).toBe(irp);
    expect(parseIstDateTime('30/11/2026 23:59:00')).toBe(irp);
    expect(parseIstDateTime('2026-11-30T23:59:00+05:30')).toBe(irp);
    expect(parseIstDateTime('2026-11-30T18:29:00Z')).toBe(irp);
    expect(parseIstDateTime('01/12/2026 12:05:00 AM')).toBe(Date.UTC(2026, 10, 30, 18, 35, 0));
  });

  it('writes ISO 8601 in IST with its offset, whatever shape came in', () => {
    expect(istDateTime('2026-11-30 23:59:00')).toBe('2026-11-30T23:59:00+05:30');
    expect(istDateTime('30/11/2026 11:59:00 PM')).toBe('2026-11-30T23:59:00+05:30');
    expect(istDateTime('01/12/2026 12:00:00 PM')).toBe('2026-12-01T12:00:00+05:30');
    expect(formatIstDateTime(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe('2026-01-01T05:30:00+05:30');
  });

  it('keeps an unknown shape as it came and refuses impossible clocks', () => {
    expect(istDateTime('tomorrow')).toBe('tomorrow');
    expect(istDateTime('')).toBeUndefined();
    expect(parseIstDateTime('30/11/2026 13:00:00 PM')).toBeUndefined();
    expect(parseIstDateTime(42)).toBeUndefined();
  });
});
