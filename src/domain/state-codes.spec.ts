import { INDIAN_STATES, OTHER_COUNTRY_STATE_CODE, isValidStateCode, stateCodeForName } from './state-codes';

describe('state codes', () => {
  it('lists every GST state and territory code 01-38 except the retired 25 and 28, plus 96 and 97', () => {
    const expected = Array.from({ length: 38 }, (_, index) => String(index + 1).padStart(2, '0'))
      .filter((code) => code !== '25' && code !== '28')
      .concat(['96', '97']);
    expect(Object.keys(INDIAN_STATES).sort()).toEqual(expected);
    expect(INDIAN_STATES['29']).toEqual({ name: 'Karnataka', abbreviation: 'KA' });
    expect(OTHER_COUNTRY_STATE_CODE).toBe('96');
  });

  it.each(['01', '29', '38', '96', '97'])('accepts %s', (code) => {
    expect(isValidStateCode(code)).toBe(true);
  });

  it.each(['00', '25', '28', '39', '99', '9', '029', 'KA', 'toString'])('rejects %s', (code) => {
    expect(isValidStateCode(code)).toBe(false);
  });

  it.each([
    ['Karnataka', '29'],
    ['KARNATAKA', '29'],
    ['  tamil   nadu ', '33'],
    ['Jammu & Kashmir', '01'],
    ['Orissa', '21'],
    ['Pondicherry', '34'],
    ['Dadra & Nagar Haveli and Daman & Diu', '26'],
    ['Daman and Diu', '26'],
    ['Andhra Pradesh', '37'],
    ['Other Territory', '97'],
  ])('maps the name %j to %s', (name, code) => {
    expect(stateCodeForName(name)).toBe(code);
  });

  it('gives undefined for names it does not know', () => {
    expect(stateCodeForName('Atlantis')).toBeUndefined();
    expect(stateCodeForName('')).toBeUndefined();
  });
});
