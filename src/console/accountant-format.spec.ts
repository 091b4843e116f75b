import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { CONSOLE_WEB_DIR } from './assets';

interface AccountantFormat {
  DEFAULT_TIME_ZONE: string;
  stateInWords(state: string): string;
  formatAmount(amount: string | null | undefined, currency: string): string;
  formatTime(value: string | null | undefined, timeZone?: string): string;
  formatDate(value: string | null | undefined): string;
}

const F = runInNewContext(
  `${readFileSync(join(CONSOLE_WEB_DIR, 'accountant-format.js'), 'utf8')}; AccountantFormat`,
  { Intl, BigInt },
) as AccountantFormat;

describe('accountant-format (the served accountant-format.js)', () => {
  it('groups rupees the Indian way and riyals in threes, from decimal strings', () => {
    expect(F.formatAmount('1234567', 'INR')).toBe('₹12,34,567.00');
    expect(F.formatAmount('123456789.5', 'INR')).toBe('₹12,34,56,789.50');
    expect(F.formatAmount('999.99', 'INR')).toBe('₹999.99');
    expect(F.formatAmount('1000', 'INR')).toBe('₹1,000.00');
    expect(F.formatAmount('1234567', 'SAR')).toBe('SAR 1,234,567.00');
    expect(F.formatAmount('-40002.00', 'INR')).toBe('-₹40,002.00');
  });

  it('rounds half away from zero on the decimal digits, exact beyond float precision', () => {
    expect(F.formatAmount('0.125', 'INR')).toBe('₹0.13');
    expect(F.formatAmount('-0.125', 'INR')).toBe('-₹0.13');
    expect(F.formatAmount('0.004', 'INR')).toBe('₹0.00');
    expect(F.formatAmount('-0.004', 'INR')).toBe('₹0.00');
    expect(F.formatAmount('90071992547409931.015', 'INR')).toBe('₹90,07,19,92,54,74,09,931.02');
  });

  it('shows what is not an amount as it is', () => {
    expect(F.formatAmount('1e5', 'INR')).toBe('1e5');
    expect(F.formatAmount(null, 'INR')).toBe('');
  });

  it('puts states in words', () => {
    expect(F.stateInWords('MAPPING_FAILED')).toBe('needs your fix');
    expect(F.stateInWords('SUBMITTING')).toBe('waiting for the authority');
    expect(F.stateInWords('REGISTERED')).toBe('registered');
    expect(F.stateInWords('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });

  it("shows times in the business's zone, India by default, naming it", () => {
    expect(F.DEFAULT_TIME_ZONE).toBe('Asia/Kolkata');
    expect(F.formatTime('2026-11-28T19:57:00Z')).toBe('29 Nov 2026, 01:27 IST');
    expect(F.formatTime('2026-11-28T19:57:00Z', 'Asia/Riyadh')).toBe('28 Nov 2026, 22:57 AST');
    expect(F.formatTime('not a time')).toBe('not a time');
  });

  it('shows a document date as a date, without a zone', () => {
    expect(F.formatDate('2026-11-01')).toBe('01 Nov 2026');
    expect(F.formatDate('2026-13-01')).toBe('2026-13-01');
    expect(F.formatDate(null)).toBe('');
  });
});
