/**
 * GST state and union-territory codes (the first two digits of a GSTIN and NIC's `Stcd`/`Pos`), with the
 * GST portal's abbreviations. 25 (Daman and Diu) merged into 26 in 2020 and 28 (undivided Andhra
 * Pradesh) predates GST, so neither is accepted on a new document.
 */
export const INDIAN_STATES: Readonly<Record<string, { name: string; abbreviation: string }>> = Object.freeze({
  '01': { name: 'Jammu and Kashmir', abbreviation: 'JK' },
  '02': { name: 'Himachal Pradesh', abbreviation: 'HP' },
  '03': { name: 'Punjab', abbreviation: 'PB' },
  '04': { name: 'Chandigarh', abbreviation: 'CH' },
  '05': { name: 'Uttarakhand', abbreviation: 'UT' },
  '06': { name: 'Haryana', abbreviation: 'HR' },
  '07': { name: 'Delhi', abbreviation: 'DL' },
  '08': { name: 'Rajasthan', abbreviation: 'RJ' },
  '09': { name: 'Uttar Pradesh', abbreviation: 'UP' },
  '10': { name: 'Bihar', abbreviation: 'BR' },
  '11': { name: 'Sikkim', abbreviation: 'SK' },
  '12': { name: 'Arunachal Pradesh', abbreviation: 'AR' },
  '13': { name: 'Nagaland', abbreviation: 'NL' },
  '14': { name: 'Manipur', abbreviation: 'MN' },
  '15': { name: 'Mizoram', abbreviation: 'MZ' },
  '16': { name: 'Tripura', abbreviation: 'TR' },
  '17': { name: 'Meghalaya', abbreviation: 'ML' },
  '18': { name: 'Assam', abbreviation: 'AS' },
  '19': { name: 'West Bengal', abbreviation: 'WB' },
  '20': { name: 'Jharkhand', abbreviation: 'JH' },
  '21': { name: 'Odisha', abbreviation: 'OR' },
  '22': { name: 'Chhattisgarh', abbreviation: 'CG' },
  '23': { name: 'Madhya Pradesh', abbreviation: 'MP' },
  '24': { name: 'Gujarat', abbreviation: 'GJ' },
  '26': { name: 'Dadra and Nagar Haveli and Daman and Diu', abbreviation: 'DNHDD' },
  '27': { name: 'Maharashtra', abbreviation: 'MH' },
  '29': { name: 'Karnataka', abbreviation: 'KA' },
  '30': { name: 'Goa', abbreviation: 'GA' },
  '31': { name: 'Lakshadweep', abbreviation: 'LD' },
  '32': { name: 'Kerala', abbreviation: 'KL' },
  '33': { name: 'Tamil Nadu', abbreviation: 'TN' },
  '34': { name: 'Puducherry', abbreviation: 'PY' },
  '35': { name: 'Andaman and Nicobar Islands', abbreviation: 'AN' },
  '36': { name: 'Telangana', abbreviation: 'TS' },
  '37': { name: 'Andhra Pradesh', abbreviation: 'AD' },
  '38': { name: 'Ladakh', abbreviation: 'LA' },
  '96': { name: 'Other Country', abbreviation: 'OC' },
  '97': { name: 'Other Territory', abbreviation: 'OT' },
});

/** Place of supply / state code for a buyer outside India (exports). */
export const OTHER_COUNTRY_STATE_CODE = '96';

export function isValidStateCode(code: string): boolean {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(INDIAN_STATES, code);
}

/** Spellings ERPs use besides the official names (old names, common misspellings, short forms). */
const NAME_ALIASES: Readonly<Record<string, string>> = {
  'jammu kashmir': '01',
  'j and k': '01',
  uttaranchal: '05',
  'nct of delhi': '07',
  'new delhi': '07',
  'delhi nct': '07',
  orissa: '21',
  chattisgarh: '22',
  chhatisgarh: '22',
  'dadra and nagar haveli': '26',
  'daman and diu': '26',
  'dadra nagar haveli and daman diu': '26',
  'lakshadweep islands': '31',
  pondicherry: '34',
  'andaman and nicobar': '35',
  'andaman nicobar islands': '35',
  telengana: '36',
  'other countries': '96',
  'other territories': '97',
};

/** Lower-case words with single spaces between them: a name normaliseName leaves as it is. */
const PLAIN_NAME = /^[a-z]+(?: [a-z]+)*$/;

const CODE_BY_NAME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(INDIAN_STATES).map(([code, state]) => [normaliseName(state.name), code] as const),
  ...Object.entries(NAME_ALIASES).map(([alias, code]) => [normaliseName(alias), code] as const),
]);

/** State code for a state name as ERPs write it ("Karnataka", "TAMIL NADU", "Jammu & Kashmir", "Orissa"). */
export function stateCodeForName(name: string): string | undefined {
  if (typeof name !== 'string') return undefined;
  return CODE_BY_NAME.get(normaliseName(name));
}

function normaliseName(name: string): string {
  const lower = name.toLowerCase();
  // Most names are written plainly ("Karnataka", "Tamil Nadu"), with nothing to replace.
  if (PLAIN_NAME.test(lower)) return lower;
  return lower
    .replace(/&/g, ' and ')
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
