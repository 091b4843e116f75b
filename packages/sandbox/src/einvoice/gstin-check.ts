/** GSTIN shape and mod-36 check digit, as the IRP validates them (error 3028 when wrong). */
const GSTIN_SHAPE = /^[0-9]{2}[0-9A-Z]{13}$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function gstinCheckDigit(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14[i]);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

export function isGstinShape(gstin: string): boolean {
  return GSTIN_SHAPE.test(gstin);
}

export function isValidGstin(gstin: string): boolean {
  return isGstinShape(gstin) && gstinCheckDigit(gstin.slice(0, 14)) === gstin[14];
}
