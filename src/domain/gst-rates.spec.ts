import { GST_RATES, isNotifiedGstRate } from './gst-rates';

describe('GST rates', () => {
  it('includes the 40% slab of the 2025 reform', () => {
    expect(GST_RATES).toContain('40');
  });

  it.each([
    '0',
    '0.1',
    '0.25',
    '1.5',
    '3',
    '5',
    '7.5',
    '12',
    '18',
    '18.00',
    '28.0',
    '40',
    '0.250',
    '00.10',
    '0.000',
  ])('accepts %s', (rate) => {
    expect(isNotifiedGstRate(rate)).toBe(true);
  });

  it.each(['2', '15', '17.99', '-18', '18%', '', 'abc', '0.01', '180', '1.8'])('rejects %j', (rate) => {
    expect(isNotifiedGstRate(rate)).toBe(false);
  });
});
