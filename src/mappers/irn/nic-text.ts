/**
 * Free text as NIC accepts it: its schema forbids double quotes in every text field (and the IRP
 * rejects backslashes), so 6" pipe becomes 6' pipe. Blank text is left out (undefined).
 */
export function nicText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value.replace(/"/g, "'").replace(/\\/g, '/').replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}
