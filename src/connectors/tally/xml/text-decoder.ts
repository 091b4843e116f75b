import { StringDecoder } from 'node:string_decoder';

export type TallyEncoding = 'utf8' | 'utf16le';

/**
 * Decodes a Tally response incrementally. TallyPrime answers UTF-16LE (with a BOM) when asked in UTF-16, and
 * UTF-8 otherwise; the charset header is a hint, the BOM or the first bytes decide.
 */
export class TallyTextDecoder {
  private decoder?: StringDecoder;
  private detected?: TallyEncoding;
  private head = Buffer.alloc(0);

  constructor(private readonly hint?: TallyEncoding) {}

  get encoding(): TallyEncoding | undefined {
    return this.detected;
  }

  write(chunk: Buffer): string {
    if (this.decoder) return this.decoder.write(chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < 4) return '';
    return this.start(this.head);
  }

  end(): string {
    let text = '';
    if (!this.decoder) {
      if (this.head.length === 0) return '';
      text = this.start(this.head);
    }
    return text + (this.decoder?.end() ?? '');
  }

  private start(bytes: Buffer): string {
    const { encoding, bomLength } = sniffEncoding(bytes, this.hint);
    this.detected = encoding;
    this.decoder = new StringDecoder(encoding);
    this.head = Buffer.alloc(0);
    return this.decoder.write(bytes.subarray(bomLength));
  }
}

export function sniffEncoding(
  bytes: Buffer,
  hint?: TallyEncoding,
): { encoding: TallyEncoding; bomLength: number } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf16le', bomLength: 2 };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf8', bomLength: 3 };
  // "<" then NUL: UTF-16LE without a BOM.
  if (bytes.length >= 2 && bytes[0] !== 0 && bytes[1] === 0) return { encoding: 'utf16le', bomLength: 0 };
  return { encoding: hint === 'utf16le' && bytes.length < 2 ? 'utf16le' : 'utf8', bomLength: 0 };
}

/** Maps a Content-Type header to the encoding hint. */
export function encodingFromContentType(contentType: string | undefined): TallyEncoding | undefined {
  if (!contentType) return undefined;
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  if (!charset) return undefined;
  return charset.startsWith('utf-16') || charset === 'unicode' ? 'utf16le' : 'utf8';
}
