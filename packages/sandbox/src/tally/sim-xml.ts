/** XML text helpers for the simulator's Tally-shaped answers. */
export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function unesc(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}

/** `<NAME TYPE="type">text</NAME>` the way Tally's collection exports type their values. */
export function tag(name: string, text: string, type?: string): string {
  return type ? `<${name} TYPE="${type}">${esc(text)}</${name}>` : `<${name}>${esc(text)}</${name}>`;
}

/** Money as Tally prints it: two decimals, minus sign for debits. */
export function amountText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function isoToTally(iso: string): string {
  return iso.replace(/-/g, '');
}

/** Every voucher's date is computed from its index on each request: remembered per (date, days). */
const addedDays = new Map<string, string>();

export function addDays(tallyDate: string, days: number): string {
  const key = `${tallyDate}+${days}`;
  let result = addedDays.get(key);
  if (result === undefined) {
    result = computeAddDays(tallyDate, days);
    if (addedDays.size < 100_000) addedDays.set(key, result);
  }
  return result;
}

function computeAddDays(tallyDate: string, days: number): string {
  const date = new Date(
    Date.UTC(Number(tallyDate.slice(0, 4)), Number(tallyDate.slice(4, 6)) - 1, Number(tallyDate.slice(6, 8))),
  );
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10).replace(/-/g, '');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** YYYYMMDD -> Tally's display form d-MMM-yy ("1-Apr-24"), as aggregated dates are exported. */
export function displayDate(tallyDate: string): string {
  const day = Number(tallyDate.slice(6, 8));
  return `${day}-${MONTHS[Number(tallyDate.slice(4, 6)) - 1]}-${tallyDate.slice(2, 4)}`;
}
