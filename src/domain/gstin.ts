import { isValidStateCode } from './state-codes';

/**
 * A regular taxpayer's GSTIN: state code, PAN, entity number, a 14th character that is "Z" for most
 * taxpayers (other letters and digits are issued too), check digit.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][Z1-9ABD-J][0-9A-Z]$/;

/**
 * The other 15-character registrations that appear as buyers or sellers: government departments,
 * TDS/TCS deductors/collectors, UN bodies and embassies (UIN), non-resident taxable persons and
 * OIDAR suppliers. They share the check-digit algorithm.
 */
const SPECIAL_GSTIN_PATTERNS: readonly RegExp[] = [
  /^[0-9]{2}[A-Z]{4}[0-9]{5}[A-Z][0-9]Z[0-9]$/, // government department id
  /^[0-9]{2}[A-Z]{4}[A-Z0-9][0-9]{4}[A-Z][1-9A-Z]D[0-9A-Z]$/, // TDS
  /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]C[0-9A-Z]$/, // TCS
  /^[0-9]{4}[A-Z]{3}[0-9]{5}[UO]N[0-9A-Z]$/, // UIN
  /^[0-9]{4}[A-Z]{3}[0-9]{5}NR[0-9A-Z]$/, // non-resident taxable person
  /^99[0-9]{2}[A-Z]{3}[0-9]{5}OS[0-9A-Z]$/, // OIDAR supplier
];

/** OIDAR registrations are administered centrally and carry 99 instead of a state code. */
const OIDAR_STATE_CODE = '99';

/** Marker ERPs and NIC use for an unregistered person in place of a GSTIN. */
export const UNREGISTERED_PERSON = 'URP';

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * GSTN's check digit: over the first 14 characters (base-36 values), weights alternate 1, 2; each
 * product contributes quotient + remainder by 36; the check character makes the total divisible by 36.
 */
export function gstinCheckDigit(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) {
    throw new TypeError(
      `a GSTIN check digit needs 14 upper-case letters or digits, got ${JSON.stringify(first14)}`,
    );
  }
  let total = 0;
  for (let index = 0; index < 14; index++) {
    const product = BASE36.indexOf(first14[index]) * (index % 2 === 0 ? 1 : 2);
    total += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (total % 36)) % 36];
}

export type GstinValidation = { valid: true } | { valid: false; rule: string; message: string };

export function validateGstin(value: string): GstinValidation {
  if (typeof value !== 'string') {
    return { valid: false, rule: 'gstin.format', message: 'a GSTIN must be text' };
  }
  if (value.trim().toUpperCase() === UNREGISTERED_PERSON) {
    return {
      valid: false,
      rule: 'gstin.format',
      message: '"URP" marks an unregistered person; it is not a GSTIN',
    };
  }
  if (!matchesAnyGstinPattern(value)) {
    return { valid: false, rule: 'gstin.format', message: describeFormatProblem(value) };
  }
  const stateCode = gstinStateCode(value);
  if (!(isValidStateCode(stateCode) && stateCode !== '96') && stateCode !== OIDAR_STATE_CODE) {
    return { valid: false, rule: 'gstin.stateCode', message: `"${stateCode}" is not a GST state code` };
  }
  const expected = gstinCheckDigit(value.slice(0, 14));
  if (value[14] !== expected) {
    return {
      valid: false,
      rule: 'gstin.checkDigit',
      message: `check digit is "${value[14]}" but the first 14 characters give "${expected}"`,
    };
  }
  return { valid: true };
}

export function isValidGstin(value: string): boolean {
  return validateGstin(value).valid;
}

/** The two-digit state code a GSTIN was issued in (its first two characters). */
export function gstinStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}

function matchesAnyGstinPattern(value: string): boolean {
  return GSTIN_PATTERN.test(value) || SPECIAL_GSTIN_PATTERNS.some((pattern) => pattern.test(value));
}

function describeFormatProblem(value: string): string {
  if (value.length !== 15) return `a GSTIN has 15 characters, this has ${value.length}`;
  if (value !== value.toUpperCase()) return 'a GSTIN is written in upper case';
  return 'not a GSTIN: expected 2-digit state code, 10-character PAN, entity number, "Z" and check digit';
}
