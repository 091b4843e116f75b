/** Indian PIN code: six digits, the first (postal zone) 1-9. */
export function isValidPincode(pin: string): boolean {
  return typeof pin === 'string' && /^[1-9][0-9]{5}$/.test(pin);
}

/**
 * Leading two digits of the PIN codes each state's post offices use, by postal circle. Generous on
 * purpose (circles straddle states), so a mismatch means the PIN is certainly elsewhere.
 */
const PIN_PREFIXES_BY_STATE: Readonly<Record<string, readonly string[]>> = {
  '01': ['18', '19'],
  '02': ['17'],
  '03': ['14', '15', '16'],
  '04': ['16'],
  '05': ['24', '25', '26'],
  '06': ['12', '13'],
  '07': ['11'],
  '08': ['30', '31', '32', '33', '34'],
  '09': ['20', '21', '22', '23', '24', '25', '26', '27', '28'],
  '10': ['80', '81', '82', '83', '84', '85'],
  '11': ['73'],
  '12': ['79'],
  '13': ['79'],
  '14': ['79'],
  '15': ['79'],
  '16': ['79'],
  '17': ['79'],
  '18': ['78'],
  '19': ['70', '71', '72', '73', '74'],
  '20': ['81', '82', '83', '84', '85'],
  '21': ['75', '76', '77'],
  '22': ['49'],
  '23': ['45', '46', '47', '48'],
  '24': ['36', '37', '38', '39'],
  '26': ['36', '39'],
  '27': ['40', '41', '42', '43', '44'],
  '29': ['56', '57', '58', '59'],
  '30': ['40'],
  '31': ['68'],
  '32': ['67', '68', '69'],
  '33': ['60', '61', '62', '63', '64'],
  '34': ['53', '60', '67'],
  '35': ['74'],
  '36': ['50'],
  '37': ['50', '51', '52', '53'],
  '38': ['19'],
};

/**
 * False only when the PIN's postal circle cannot belong to the state; true when it can or when the
 * state has no PIN range (96 other country, 97 other territory, unknown codes).
 */
export function pincodeMatchesState(pin: string, stateCode: string): boolean {
  const prefixes = PIN_PREFIXES_BY_STATE[stateCode];
  if (!prefixes || !isValidPincode(pin)) return true;
  return prefixes.includes(pin.slice(0, 2));
}
