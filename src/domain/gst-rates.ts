import { dec, isDecimalString } from './money';

/**
 * GST rates (percent; the IGST rate, or CGST + SGST combined) accepted by NIC's master. 40 came with
 * the September 2025 reform; 12 and 28 remain for the goods still notified at them. Cess is levied at
 * many product-specific rates, so cess rates are not checked against a list.
 */
export const GST_RATES: readonly string[] = Object.freeze([
  '0',
  '0.1',
  '0.25',
  '1',
  '1.5',
  '3',
  '5',
  '6',
  '7.5',
  '12',
  '18',
  '28',
  '40',
]);

/** The slabs in Decimal's canonical text (no trailing zeros), for a lookup rather than 13 comparisons. */
const NOTIFIED = new Set(GST_RATES.map((rate) => dec(rate).toString()));

/** Whether `rate` is a notified slab, compared as decimals ("18.00" is 18). */
export function isNotifiedGstRate(rate: string): boolean {
  // A slab as listed ("18") needs no parsing; "18.00" does.
  return isDecimalString(rate) && (NOTIFIED.has(rate) || NOTIFIED.has(dec(rate).toString()));
}
