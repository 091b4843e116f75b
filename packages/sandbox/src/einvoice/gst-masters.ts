/**
 * The GST masters the IRP checks a document against: state codes, unit quantity codes (UQC) and which
 * PIN codes lie in which state. Codes 25 (Daman and Diu, merged into 26 in 2020), 28 (undivided Andhra
 * Pradesh) and 99 (the e-way bill system's "other country") are not in the e-invoice state master.
 */
export const STATE_NAMES: ReadonlyMap<number, string> = new Map([
  [1, 'Jammu and Kashmir'],
  [2, 'Himachal Pradesh'],
  [3, 'Punjab'],
  [4, 'Chandigarh'],
  [5, 'Uttarakhand'],
  [6, 'Haryana'],
  [7, 'Delhi'],
  [8, 'Rajasthan'],
  [9, 'Uttar Pradesh'],
  [10, 'Bihar'],
  [11, 'Sikkim'],
  [12, 'Arunachal Pradesh'],
  [13, 'Nagaland'],
  [14, 'Manipur'],
  [15, 'Mizoram'],
  [16, 'Tripura'],
  [17, 'Meghalaya'],
  [18, 'Assam'],
  [19, 'West Bengal'],
  [20, 'Jharkhand'],
  [21, 'Odisha'],
  [22, 'Chhattisgarh'],
  [23, 'Madhya Pradesh'],
  [24, 'Gujarat'],
  [26, 'Dadra and Nagar Haveli and Daman and Diu'],
  [27, 'Maharashtra'],
  [29, 'Karnataka'],
  [30, 'Goa'],
  [31, 'Lakshadweep Islands'],
  [32, 'Kerala'],
  [33, 'Tamil Nadu'],
  [34, 'Puducherry'],
  [35, 'Andaman and Nicobar Islands'],
  [36, 'Telangana'],
  [37, 'Andhra Pradesh'],
  [38, 'Ladakh'],
  [96, 'Other Countries'],
  [97, 'Other Territory'],
]);

export const UNIT_QUANTITY_CODES: ReadonlySet<string> = new Set([
  'BAG', 'BAL', 'BDL', 'BKL', 'BOU', 'BOX', 'BTL', 'BUN', 'CAN', 'CBM', 'CCM', 'CMS', 'CTN', 'DOZ', 'DRM',
  'GGK', 'GMS', 'GRS', 'GYD', 'KGS', 'KLR', 'KME', 'LTR', 'MLT', 'MTR', 'MTS', 'NOS', 'OTH', 'PAC', 'PCS',
  'PRS', 'QTL', 'ROL', 'SET', 'SQF', 'SQM', 'SQY', 'TBS', 'TGM', 'THD', 'TON', 'TUB', 'UGS', 'UNT', 'YDS',
]); // prettier-ignore

/**
 * The first three digits (the sorting district) of the PINs of each state, as inclusive ranges. Where
 * a district spans two states both accept it, so the check refuses only a PIN clearly elsewhere (the
 * IRP's own master is per PIN and stricter).
 */
const PIN_DISTRICTS: ReadonlyMap<number, readonly (readonly [number, number])[]> = new Map([
  [1, [[180, 194]]],
  [2, [[171, 177]]],
  [3, [[140, 160]]],
  [4, [[160, 160]]],
  [5, [[244, 263]]],
  [6, [[121, 136]]],
  [7, [[110, 110]]],
  [8, [[301, 345]]],
  [9, [[201, 285]]],
  [10, [[800, 855]]],
  [11, [[737, 737]]],
  [12, [[790, 792]]],
  [13, [[797, 798]]],
  [14, [[795, 795]]],
  [15, [[796, 796]]],
  [16, [[799, 799]]],
  [17, [[793, 794]]],
  [18, [[781, 788]]],
  [19, [[700, 743]]],
  [20, [[813, 835]]],
  [21, [[751, 770]]],
  [22, [[490, 497]]],
  [23, [[450, 488]]],
  [24, [[360, 396]]],
  [
    26,
    [
      [362, 362],
      [396, 396],
    ],
  ],
  [27, [[400, 445]]],
  [29, [[560, 591]]],
  [30, [[403, 403]]],
  [31, [[682, 682]]],
  [32, [[670, 695]]],
  [33, [[600, 643]]],
  [
    34,
    [
      [533, 533],
      [605, 605],
      [607, 607],
      [609, 609],
      [673, 673],
    ],
  ],
  [35, [[744, 744]]],
  [36, [[500, 509]]],
  [37, [[500, 535]]],
  [38, [[194, 194]]],
]);

export function isStateCode(code: number): boolean {
  return STATE_NAMES.has(code);
}

/** Whether a six-digit PIN lies in the state; undefined for places without PIN ranges (96, 97). */
export function pinInState(pin: number, stateCode: number): boolean | undefined {
  const districts = PIN_DISTRICTS.get(stateCode);
  if (!districts) return undefined;
  const district = Math.floor(pin / 1000);
  return districts.some(([from, to]) => district >= from && district <= to);
}
