/**
 * Amounts as a printed invoice shows them: two decimals, INR with Indian digit grouping (12,34,567.89:
 * thousands, then pairs of digits), any other currency (SAR) plain. Decimal maths only: the value is
 * rounded by decimal.js and grouped as text.
 */
import { dec, type Decimal } from '../../domain';

export function amountText(value: string | number | Decimal, currency: string): string {
  const fixed = dec(value).toFixed(2);
  if (currency !== 'INR') return fixed;
  const negative = fixed.startsWith('-');
  const [whole, fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '-' : ''}${indianGrouping(whole)}.${fraction}`;
}

/** Digits grouped the Indian way: the last three together, every two before them. */
function indianGrouping(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs: string[] = [];
  for (let end = rest.length; end > 0; end -= 2) pairs.unshift(rest.slice(Math.max(0, end - 2), end));
  return `${pairs.join(',')},${lastThree}`;
}

/** A quantity or a rate as decimal text, without padding ("2", "12.5"). */
export function decimalText(value: string | number | Decimal): string {
  return dec(value).toFixed();
}
