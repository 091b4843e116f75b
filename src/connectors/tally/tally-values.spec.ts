import { parseTallyAmount, parseTallyDate, parseTallyQuantity, parseTallyRate } from './tally-values';

describe('Tally value formats', () => {
  it('reads amounts, including (-) and forex forms', () => {
    expect(parseTallyAmount('-21300.00')?.toString()).toBe('-21300');
    expect(parseTallyAmount('(-)1,180.50')?.toString()).toBe('-1180.5');
    expect(parseTallyAmount('-$ 100.00 @ ₹ 85.00/$ = -₹ 8500.00')?.toString()).toBe('-8500');
    expect(parseTallyAmount('')).toBeUndefined();
    expect(parseTallyAmount('abc')).toBeUndefined();
  });

  it('reads quantities with units', () => {
    expect(parseTallyQuantity(' 100 nos')).toEqual({ value: expect.anything(), unit: 'nos' });
    expect(parseTallyQuantity(' 1,250.500 Kgs')?.value.toString()).toBe('1250.5');
    expect(parseTallyQuantity('10 Box = 100 Nos')?.unit).toBe('Box');
    expect(parseTallyQuantity('many')).toBeUndefined();
  });

  it('reads rates per unit, forex rates by their local part', () => {
    const rate = parseTallyRate('213.00/nos');
    expect([rate?.value.toString(), rate?.unit]).toEqual(['213', 'nos']);
    expect(parseTallyRate('$ 200.0000 = ₹ 8500.00/Nos')?.value.toString()).toBe('8500');
    expect(parseTallyRate('abc/nos')).toBeUndefined();
  });

  it('reads YYYYMMDD and d-MMM-yy dates and rejects impossible ones', () => {
    expect(parseTallyDate('20250601')).toBe('2025-06-01');
    expect(parseTallyDate('20250231')).toBeUndefined();
    expect(parseTallyDate('22-Nov-26')).toBe('2026-11-22');
  });
});
