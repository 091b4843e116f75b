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

/** Whether `rate` is a notified slab, compared as decimals ("18.00" is 18). */
export function isNotifiedGstRate(rate: string): boolean {
  if (!isDecimalString(rate)) return false;
  const value = dec(rate);
  return GST_RATES.some((notified) => value.equals(notified));
}
