import { cancelWindow, extensionWindow, istText, parseEwaybillTime } from './ewaybill-times';

const ist = (text: string) => new Date(`${text}+05:30`).getTime();
const HOUR = 3600_000;

describe('e-way bill times', () => {
  it('reads the e-way bill API and the IRP ways of writing an IST time', () => {
    expect(parseEwaybillTime('06/10/2022 11:59:00 PM')).toBe(ist('2022-10-06T23:59:00'));
    expect(parseEwaybillTime('05/10/2022 12:39:00 PM')).toBe(ist('2022-10-05T12:39:00'));
    expect(parseEwaybillTime('05/10/2022 12:15:00 AM')).toBe(ist('2022-10-05T00:15:00'));
    expect(parseEwaybillTime('2022-09-29 23:59:00')).toBe(ist('2022-09-29T23:59:00'));
    expect(parseEwaybillTime('29-09-2022')).toBeUndefined();
    expect(parseEwaybillTime(null)).toBeUndefined();
  });

  it('opens the extension window 8 hours before the end of validity and closes it 8 hours after', () => {
    const end = ist('2024-03-02T23:59:00');
    expect(extensionWindow(end, end - 8 * HOUR - 60_000)).toEqual({ open: false, opensAtMs: end - 8 * HOUR });
    expect(extensionWindow(end, end - 8 * HOUR)).toEqual({ open: true });
    expect(extensionWindow(end, end + 8 * HOUR)).toEqual({ open: true });
    expect(extensionWindow(end, end + 8 * HOUR + 60_000)).toEqual({
      open: false,
      closedAtMs: end + 8 * HOUR,
    });
  });

  it('allows cancellation for 24 hours from generation', () => {
    const generated = ist('2024-03-01T10:00:00');
    expect(cancelWindow(generated, generated + 24 * HOUR)).toEqual({ open: true });
    expect(cancelWindow(generated, generated + 24 * HOUR + 1)).toMatchObject({ open: false });
  });

  it('writes times for operators in IST', () => {
    expect(istText(ist('2024-03-02T15:59:00'))).toBe('2024-03-02T15:59:00+05:30');
  });
});
