const DOUBLE_QUOTES = /"/g;
const BACKSLASHES = /\\/g;
const WHITESPACE_RUNS = /\s+/g;
/** Anything the cleaning below would change; most texts have none of it and are used as they are. */
const NEEDS_CLEANING = /["\\]|[^\S ]| {2}|^ | $/;

/**
 * Free text as NIC accepts it: its schema forbids double quotes in every text field (and the IRP
 * rejects backslashes), so 6" pipe becomes 6' pipe. Blank text is left out (undefined).
 */
export function nicText(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!NEEDS_CLEANING.test(value)) return value;
  const text = value
    .replace(DOUBLE_QUOTES, "'")
    .replace(BACKSLASHES, '/')
    .replace(WHITESPACE_RUNS, ' ')
    .trim();
  return text === '' ? undefined : text;
}
