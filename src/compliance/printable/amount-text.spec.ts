import { amountText, decimalText } from './amount-text';

describe('amountText', () => {
  it('groups INR the Indian way, with two decimals', () => {
    expect(amountText('1234567.891', 'INR')).toBe('12,34,567.89');
    expect(amountText('123456789012.5', 'INR')).toBe('1,23,45,67,89,012.50');
    expect(amountText('1000', 'INR')).toBe('1,000.00');
    expect(amountText('999', 'INR')).toBe('999.00');
    expect(amountText('100000', 'INR')).toBe('1,00,000.00');
    expect(amountText('-1234567.89', 'INR')).toBe('-12,34,567.89');
    expect(amountText(118000.5, 'INR')).toBe('1,18,000.50');
  });

  it('shows SAR plain, rounding half up in decimal', () => {
    expect(amountText('1234567.895', 'SAR')).toBe('1234567.90');
    expect(amountText('0.005', 'SAR')).toBe('0.01');
    expect(amountText(1.005, 'SAR')).toBe('1.01');
  });
});

describe('decimalText', () => {
  it('keeps the digits a quantity or rate has', () => {
    expect(decimalText(12.5)).toBe('12.5');
    expect(decimalText('2.000')).toBe('2');
  });
});
