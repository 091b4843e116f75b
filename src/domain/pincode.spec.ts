import { isValidPincode, pincodeMatchesState } from './pincode';

describe('PIN codes', () => {
  it.each(['560058', '110001', '999999'])('accepts %s', (pin) => {
    expect(isValidPincode(pin)).toBe(true);
  });

  it.each(['056005', '56005', '5600581', '56OO58', ''])('rejects %j', (pin) => {
    expect(isValidPincode(pin)).toBe(false);
  });

  it('matches PINs to their state by postal circle', () => {
    expect(pincodeMatchesState('560058', '29')).toBe(true);
    expect(pincodeMatchesState('411045', '27')).toBe(true);
    expect(pincodeMatchesState('403001', '30')).toBe(true);
    expect(pincodeMatchesState('560058', '27')).toBe(false);
    expect(pincodeMatchesState('110001', '29')).toBe(false);
  });

  it('cannot tell for states without a PIN range', () => {
    expect(pincodeMatchesState('560058', '96')).toBe(true);
    expect(pincodeMatchesState('560058', '97')).toBe(true);
  });
});
