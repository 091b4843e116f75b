import {
  isNoValue,
  parseTallyAmount,
  parseTallyDate,
  parseTallyQuantity,
  parseTallyRate,
  quantityInRateUnit,
} from './tally-values';

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

describe('Tally quantities in alternate units and the rate that prices them', () => {
  it('reads both sides of an alternate-unit quantity', () => {
    const quantity = parseTallyQuantity(' 5000 UG =  5 MG')!;
    expect([quantity.value.toString(), quantity.unit]).toEqual(['5000', 'UG']);
    expect([quantity.alternate?.value.toString(), quantity.alternate?.unit]).toEqual(['5', 'MG']);
    expect(parseTallyQuantity('1 = 2 = 3')).toBeUndefined();
    expect(parseTallyQuantity('5 Box = lots')).toBeUndefined();
  });

  it('prices the side of the quantity in the rate unit', () => {
    const quantity = parseTallyQuantity(' 5000 UG =  5 MG')!;
    expect(quantityInRateUnit(quantity, parseTallyRate('213.00/MG')!.unit)?.value.toString()).toBe('5');
    expect(quantityInRateUnit(quantity, 'ug')?.value.toString()).toBe('5000');
    expect(quantityInRateUnit(quantity, '')?.unit).toBe('UG');
    expect(quantityInRateUnit(quantity, 'Kgs')).toBeUndefined();
    expect(quantityInRateUnit(parseTallyQuantity('12')!, 'nos')).toEqual({
      value: expect.anything(),
      unit: 'nos',
    });
  });

  it('reads a foreign-currency rate by its local part, with its unit', () => {
    const rate = parseTallyRate('$ 200.0000 = ₹ 8500.00/Nos')!;
    expect([rate.value.toString(), rate.unit]).toEqual(['8500', 'Nos']);
    const quantity = parseTallyQuantity(' 1 Nos')!;
    expect(quantityInRateUnit(quantity, rate.unit)?.value.toString()).toBe('1');
  });

  it('treats empty and "Not Applicable" as no value', () => {
    expect(isNoValue('')).toBe(true);
    expect(isNoValue(' Not Applicable')).toBe(true);
    expect(isNoValue(' 5 nos')).toBe(false);
  });
});
