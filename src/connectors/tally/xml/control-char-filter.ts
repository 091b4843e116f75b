/**
 * Tally writes characters XML 1.0 forbids: the `&#4;` (EOT) sentinel before "Not Applicable"/"Primary"/"Any",
 * other control-character references, and sometimes the raw control characters themselves. A strict parser
 * stops at the first one, so they are removed: by the connector's scanner as it reads (its Tally mode), or,
 * before a general parser such as saxes, from the decoded text chunk by chunk with the functions below.
 */
/** A character reference (with the space after it) or a raw control character: one pass finds both. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SUSPECT = /&#(x[0-9a-fA-F]+|[0-9]+);( ?)|[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Raw characters XML forbids (control characters other than tab and line breaks, U+FFFE, U+FFFF). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const RAW_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const RAW_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Longest character reference kept back at a chunk end in case the rest arrives with the next chunk. */
const HOLD_BACK = 14;

export function isXmlChar(codePoint: number): boolean {
  if (codePoint === 0x9 || codePoint === 0xa || codePoint === 0xd) return true;
  if (codePoint >= 0x20 && codePoint <= 0xd7ff) return true;
  if (codePoint >= 0xe000 && codePoint <= 0xfffd) return true;
  return codePoint >= 0x10000 && codePoint <= 0x10ffff;
}

/** Whether `text` holds a raw character XML forbids (one search, native: the usual answer is no). */
export function dropsRawControlChars(text: string): boolean {
  return RAW_CONTROL.test(text);
}

export function removeRawControlChars(text: string): string {
  return text.replace(RAW_CONTROLS, '');
}

/** Removes invalid character references (with the space Tally puts after its `&#4;` sentinel) and raw control characters. */
export function stripInvalidXmlChars(text: string): string {
  return text.replace(SUSPECT, (whole, ref: string | undefined, space: string | undefined) => {
    if (ref === undefined) return '';
    const codePoint = ref.startsWith('x') ? parseInt(ref.slice(1), 16) : parseInt(ref, 10);
    if (isXmlChar(codePoint)) return whole;
    return codePoint === 4 ? '' : (space ?? '');
  });
}

/** Stateful form of `stripInvalidXmlChars` for a stream of text chunks that may split a reference. */
export class ControlCharFilter {
  private pending = '';

  push(chunk: string): string {
    const text = this.pending + chunk;
    const lastAmp = text.lastIndexOf('&');
    const cut = lastAmp >= 0 && lastAmp >= text.length - HOLD_BACK ? lastAmp : text.length;
    this.pending = text.slice(cut);
    return stripInvalidXmlChars(text.slice(0, cut));
  }

  end(): string {
    const rest = this.pending;
    this.pending = '';
    return stripInvalidXmlChars(rest);
  }
}
