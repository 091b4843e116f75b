import {
  extensionLimitMs,
  isVehicleNumber,
  withinCancelWindow,
  withinExtensionWindow,
} from './ewaybill-rules';

const ist = (text: string) => new Date(`${text}+05:30`).getTime();
const HOUR = 3600_000;

describe('e-way bill time rules', () => {
  const validUntil = ist('2024-03-02T23:59:00');

  it('allows extension only from 8 hours before to 8 hours after the end of validity', () => {
    expect(withinExtensionWindow(validUntil, validUntil - 8 * HOUR - 1000)).toBe(false);
    expect(withinExtensionWindow(validUntil, validUntil - 8 * HOUR)).toBe(true);
    expect(withinExtensionWindow(validUntil, validUntil)).toBe(true);
    expect(withinExtensionWindow(validUntil, validUntil + 8 * HOUR)).toBe(true);
    expect(withinExtensionWindow(validUntil, validUntil + 8 * HOUR + 1000)).toBe(false);
  });

  it('allows cancellation within 24 hours of generation', () => {
    const generated = ist('2024-03-01T10:00:00');
    expect(withinCancelWindow(generated, generated + 24 * HOUR)).toBe(true);
    expect(withinCancelWindow(generated, generated + 24 * HOUR + 1000)).toBe(false);
  });

  it('caps extensions at the end of the 360th day after generation', () => {
    expect(extensionLimitMs(ist('2024-01-01T10:00:00'))).toBe(ist('2024-12-26T23:59:00'));
  });

  it('reads vehicle numbers as the e-way bill system formats them', () => {
    expect(isVehicleNumber('KA12AB1234')).toBe(true);
    expect(isVehicleNumber('GJ07DL9009')).toBe(true);
    expect(isVehicleNumber('TMABC1234')).toBe(true);
    expect(isVehicleNumber('KA-12-AB-1234')).toBe(false);
    expect(isVehicleNumber('12')).toBe(false);
  });
});
