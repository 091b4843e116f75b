/**
 * Files that are certainly not CSV, told at upload by their first bytes: a spreadsheet saved as .xlsx
 * or .xls, a PDF, an image, an archive. Anything that may be text (in any encoding, UTF-16 without its
 * byte-order mark included) is taken, and a problem with it is reported when it is read, with the row.
 */
const SIGNATURES: readonly { bytes: readonly number[]; what: string }[] = [
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    what: 'a ZIP archive (an .xlsx workbook is one): save the sheet as CSV',
  },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: 'an Excel 97-2003 workbook (.xls): save the sheet as CSV' },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive: upload the CSV inside it' },
];

/** How many leading bytes are looked at for control characters. */
const SAMPLE_BYTES = 4096;

/** Why the content is not a CSV file, or undefined when it may be one. */
export function notCsvReason(content: Buffer): string | undefined {
  const signature = SIGNATURES.find(({ bytes }) => bytes.every((byte, i) => content[i] === byte));
  if (signature) return `the file is ${signature.what}, not CSV text`;
  const sample = content.subarray(0, SAMPLE_BYTES);
  // Control bytes other than tab, CR, LF and NUL (UTF-16 text has NULs): text has almost none.
  let controls = 0;
  for (const byte of sample)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0) controls += 1;
  if (sample.length > 0 && controls / sample.length > 0.05) {
    return `the file is binary (${controls} control bytes in its first ${sample.length}), not CSV text`;
  }
  return undefined;
}
