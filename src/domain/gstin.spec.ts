import { GSTIN_PATTERN, gstinCheckDigit, gstinStateCode, isValidGstin, validateGstin } from './gstin';

/** Real-format GSTINs: NIC sandbox taxpayers, a published example and this project's fixtures. */
const VALID_GSTINS = [
  '05AAACG2115R1ZN',
  '05AAACG2140A1ZL',
  '24AAQCA8719H1ZC',
  '29AABCR1718E1ZL',
  '01AAAAP1208Q1ZS',
  '27AAPFU0939F1ZV',
  '29AABCK1234L1ZI',
  '27AAECS9012P1ZV',
];

describe('gstinCheckDigit', () => {
  it.each(VALID_GSTINS)('gives the last character of %s', (gstin) => {
    expect(gstinCheckDigit(gstin.slice(0, 14))).toBe(gstin[14]);
  });

  it('rejects input that is not 14 upper-case alphanumerics', () => {
    expect(() => gstinCheckDigit('05AAACG2115R1')).toThrow(TypeError);
    expect(() => gstinCheckDigit('05aaacg2115r1z')).toThrow(TypeError);
  });
});

describe('validateGstin', () => {
  it.each(VALID_GSTINS)('accepts %s', (gstin) => {
    expect(validateGstin(gstin)).toEqual({ valid: true });
    expect(isValidGstin(gstin)).toBe(true);
  });

  it('accepts special registrations that share the check digit (UIN, OIDAR, TDS)', () => {
    for (const first14 of ['0717UNO00157UN', '9917SGP29001OS', '29BLRA12345A1D']) {
      const gstin = first14 + gstinCheckDigit(first14);
      expect(validateGstin(gstin)).toEqual({ valid: true });
    }
  });

  it('reports a wrong check digit', () => {
    const result = validateGstin('05AAACG2115R1ZM');
    expect(result).toMatchObject({ valid: false, rule: 'gstin.checkDigit' });
    expect(!result.valid && result.message).toContain('"N"');
  });

  it.each(['00AABCE2207R1Z5', '39AABCK1234L1ZI', '96AABCK1234L1ZI'])(
    'reports the unknown state code of %s',
    (gstin) => {
      expect(validateGstin(gstin)).toMatchObject({ valid: false, rule: 'gstin.stateCode' });
    },
  );

  it.each([
    ['too short', '29AABCK1234L1Z'],
    ['too long', '29AABCK1234L1ZII'],
    ['lower case', '29aabck1234l1zi'],
    ['PAN digits where letters belong', '2912345678901ZI'],
    ['entity number 0', '29AABCK1234L0ZI'],
    ['empty', ''],
  ])('reports the format (%s)', (_label, gstin) => {
    expect(validateGstin(gstin)).toMatchObject({ valid: false, rule: 'gstin.format' });
    expect(isValidGstin(gstin)).toBe(false);
  });

  it('says that URP marks an unregistered person', () => {
    const result = validateGstin('URP');
    expect(result).toMatchObject({ valid: false, rule: 'gstin.format' });
    expect(!result.valid && result.message).toMatch(/unregistered/);
  });

  it('never throws on non-string input from untrusted JSON', () => {
    expect(validateGstin(29 as unknown as string)).toMatchObject({ valid: false, rule: 'gstin.format' });
  });
});

describe('GSTIN_PATTERN and gstinStateCode', () => {
  it('matches a regular GSTIN and not a PAN', () => {
    expect(GSTIN_PATTERN.test('29AABCK1234L1ZI')).toBe(true);
    expect(GSTIN_PATTERN.test('AABCK1234L')).toBe(false);
  });

  it('reads the state code from the first two characters', () => {
    expect(gstinStateCode('29AABCK1234L1ZI')).toBe('29');
  });
});
