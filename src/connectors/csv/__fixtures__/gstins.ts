import { gstinCheckDigit } from '../../../domain';

/** Test GSTINs built with the real check digit, so they pass validation. */
function gstin(first14: string): string {
  return first14 + gstinCheckDigit(first14);
}

export const SELLER_KA = gstin('29AADCD4821K1Z');
export const BUYER_KA = gstin('29AAFCM7314Q1Z');
export const BUYER_MH = gstin('27AABCP9932F1Z');
export const SUPPLIER_TN = gstin('33AAGCS5521M1Z');

/** The same GSTIN with a wrong last character. */
export function withWrongCheckDigit(value: string): string {
  return value.slice(0, 14) + (value[14] === '0' ? '1' : '0');
}
