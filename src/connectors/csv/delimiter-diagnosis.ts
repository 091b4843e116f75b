/**
 * Why a header row holds none of the profile's key columns when the file is CSV of another dialect: Excel
 * in a European locale saves "CSV" separated by semicolons, and tab-separated text is pasted as CSV. The
 * header then reads as one long column holding the real separator between the names the profile wants.
 */
const OTHER_DELIMITERS: readonly { char: string; name: string }[] = [
  { char: ';', name: 'semicolons (;)' },
  { char: '\t', name: 'tabs' },
  { char: '|', name: 'vertical bars (|)' },
];

/** A sentence naming the file's separator, or undefined when the header does not look split wrongly. */
export function delimiterDiagnosis(
  header: readonly string[],
  profileDelimiter: string,
  wantedColumns: readonly string[],
): string | undefined {
  const wanted = new Set(wantedColumns.map((column) => column.trim().toLowerCase()));
  const found = (names: readonly string[]): number =>
    names.filter((name) => wanted.has(name.trim().replace(/^"|"$/g, '').toLowerCase())).length;
  const asRead = found(header);
  for (const other of OTHER_DELIMITERS) {
    if (other.char === profileDelimiter) continue;
    const split = header.flatMap((cell) => cell.split(other.char));
    if (found(split) > asRead) {
      const expected = profileDelimiter === '\t' ? 'tabs' : `"${profileDelimiter}"`;
      return (
        `the file is separated by ${other.name}, not ${expected} as the profile reads it: ` +
        `save it as comma-separated CSV, or set the profile's delimiter`
      );
    }
  }
  return undefined;
}
