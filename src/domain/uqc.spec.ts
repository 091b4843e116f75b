import { UQC_CODES, isValidUqc, normaliseUnit } from './uqc';

describe('UQC', () => {
  it('knows the GST unit codes', () => {
    for (const code of [
      'BAG',
      'BAL',
      'BDL',
      'BOX',
      'DOZ',
      'KGS',
      'LTR',
      'MTR',
      'NOS',
      'OTH',
      'PCS',
      'SET',
      'UNT',
    ]) {
      expect(isValidUqc(code)).toBe(true);
    }
    expect(Object.keys(UQC_CODES)).toHaveLength(45);
  });

  it.each(['nos', 'Nos', 'KG', 'PCE', '', 'constructor'])('rejects %j', (code) => {
    expect(isValidUqc(code)).toBe(false);
  });

  it.each([
    ['nos', 'NOS'],
    ['Nos.', 'NOS'],
    ['NOS', 'NOS'],
    ['pcs', 'PCS'],
    ['Pc.', 'PCS'],
    ['kg', 'KGS'],
    ['Kgs', 'KGS'],
    ['ltr', 'LTR'],
    ['mtr', 'MTR'],
    ['box', 'BOX'],
    ['set', 'SET'],
    ['dozen', 'DOZ'],
    ['Sq. Ft.', 'SQF'],
    [' gms ', 'GMS'],
  ])('maps %j to %s', (text, code) => {
    expect(normaliseUnit(text)).toBe(code);
  });

  it('gives undefined for units it does not know', () => {
    expect(normaliseUnit('hrs')).toBeUndefined();
    expect(normaliseUnit('')).toBeUndefined();
    // No UQC for milligrams or micrograms (Tally's " 5000 UG =  5 MG"): sent as OTH by the connectors.
    expect(normaliseUnit('MG')).toBeUndefined();
    expect(normaliseUnit('UG')).toBeUndefined();
  });

  it('answers the same for a spelling asked again, and knows no inherited key as a unit', () => {
    expect([normaliseUnit(' Nos. '), normaliseUnit(' Nos. ')]).toEqual(['NOS', 'NOS']);
    expect([normaliseUnit('hrs'), normaliseUnit('hrs')]).toEqual([undefined, undefined]);
    expect(normaliseUnit('constructor')).toBeUndefined();
    expect(normaliseUnit('__proto__')).toBeUndefined();
  });
});
