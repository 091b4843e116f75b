/**
 * Where bytes stop being UTF-8, and what they most likely are: a CSV saved by Excel on Windows ("CSV
 * (comma delimited)") is Windows-1252, whose accented letters (0xE9 é) and punctuation (0x92 ’, 0x96 –)
 * are single bytes UTF-8 never has alone.
 */
import { decode } from 'iconv-lite';

/** Index of the first byte that does not start or continue a valid UTF-8 sequence; -1 when all do. */
export function firstInvalidUtf8(bytes: Uint8Array, from = 0): number {
  let i = from;
  while (i < bytes.length) {
    const lead = bytes[i];
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead <= 0xdf
          ? 2
          : lead >= 0xe0 && lead <= 0xef
            ? 3
            : lead >= 0xf0 && lead <= 0xf4
              ? 4
              : 0;
    if (length === 0) return i;
    if (i + length > bytes.length) return -1; // cut by the chunk's end: judged with the next bytes
    for (let k = 1; k < length; k += 1) {
      if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    }
    i += length;
  }
  return -1;
}

/** "0xE9, "é" in Windows-1252" for a byte, to name the likely encoding beside the offset. */
export function windows1252Reading(byte: number): string {
  const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  // Node's own TextDecoder reads "windows-1252" as Latin-1 without full ICU (0x80-0x9F as controls).
  const text = decode(Buffer.of(byte), 'win1252');
  return `${hex}, "${text}" in Windows-1252`;
}
