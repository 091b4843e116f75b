/**
 * How invoice numbers are compared. Suppliers and buyers write the same number differently: in another
 * case, with other separators ("INV/001" and "INV-001"), with or without leading zeros ("INV-0001"), and
 * with or without the financial year ("INV/23-24/001", "INV/2023-24/1", "FY24/001").
 */

/** For exact matching: case and surrounding or inner spaces only. */
export function strictNumber(number: string): string {
  return number.replace(/\s+/g, '').toUpperCase();
}

/** "23-24", "2023-24", "2023/2024": two consecutive years, not part of a longer run of digits. */
const YEAR_PAIR = /(?<![0-9])(?:20)?(\d{2})[-/](?:20)?(\d{2})(?![0-9])/g;
const FY_PREFIXED = /FY[-/]?(?:20)?\d{2}(?:[-/](?:20)?\d{2})?(?![0-9])/g;

function removeFinancialYear(upper: string): string {
  return upper
    .replace(FY_PREFIXED, '/')
    .replace(YEAR_PAIR, (whole, first: string, second: string) =>
      (Number(first) + 1) % 100 === Number(second) ? '/' : whole,
    );
}

/** For suggested matching: no case, no separators, no financial-year fragment, no leading zeros. */
export function looseNumber(number: string): string {
  const upper = strictNumber(number);
  const withoutYear = removeFinancialYear(upper);
  const parts = withoutYear.split(/[^0-9A-Z]+/).filter((part) => part.length > 0);
  const joined = parts.map((part) => part.replace(/(^|[^0-9])0+(?=\d)/g, '$1')).join('');
  // A number that was nothing but a year fragment keeps its plain form.
  return joined.length > 0 ? joined : upper.replace(/[^0-9A-Z]/g, '');
}

/** What normalisation took out of either number, for the explanation of a suggestion. */
export function normalisationSteps(a: string, b: string): string[] {
  const steps: string[] = [];
  const sa = strictNumber(a);
  const sb = strictNumber(b);
  if (a !== b && sa === sb) return ['case or spaces'];
  if (a.toUpperCase() !== a || b.toUpperCase() !== b) steps.push('case');
  if (removeFinancialYear(sa) !== sa || removeFinancialYear(sb) !== sb) steps.push('financial-year fragment');
  const separators = /[^0-9A-Z]/;
  if (separators.test(sa) || separators.test(sb)) steps.push('separators');
  const leadingZeros = /(^|[^0-9])0+\d/;
  if (leadingZeros.test(sa) || leadingZeros.test(sb)) steps.push('leading zeros');
  return steps;
}

/**
 * Similarity 0..1 of two normalised numbers: 1 - Levenshtein distance / longer length. Bounded: stops
 * once the distance exceeds `maxDistance` (returns 0), so a scan over many candidates stays cheap.
 */
export function numberSimilarity(a: string, b: string, maxDistance = Infinity): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  if (Math.abs(a.length - b.length) > maxDistance) return 0;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (current[j] < rowMin) rowMin = current[j];
    }
    if (rowMin > maxDistance) return 0;
    [previous, current] = [current, previous];
  }
  return 1 - previous[b.length] / longer;
}
