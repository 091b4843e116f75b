import { StringDecoder } from 'node:string_decoder';

export type TallyEncoding = 'utf8' | 'utf16le';

/**
 * A Tally response, incrementally, as UTF-8 bytes held one per character (Buffer's latin1 decoding): what
 * XmlScanner reads in its `utf8Bytes` mode. TallyPrime answers UTF-16LE (with a BOM) when asked in UTF-16,
 * and UTF-8 otherwise; the charset header is a hint, the BOM or the first bytes decide. A UTF-8 answer is
 * passed through without decoding (markup is ASCII, and the scanner decodes the values that need it), a
 * UTF-16LE one is decoded and encoded as UTF-8. The BOM is dropped.
 */
export class TallyByteDecoder {
  private utf16?: StringDecoder;
  private detected?: TallyEncoding;
  private head = Buffer.alloc(0);

  constructor(private readonly hint?: TallyEncoding) {}

  get encoding(): TallyEncoding | undefined {
    return this.detected;
  }

  write(chunk: Buffer): string {
    if (this.detected === 'utf8') return chunk.toString('latin1');
    if (this.utf16) return utf8Bytes(this.utf16.write(chunk));
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < 4) return '';
    return this.start(this.head);
  }

  end(): string {
    if (this.detected === undefined) return this.head.length === 0 ? '' : this.start(this.head);
    return this.utf16 ? utf8Bytes(this.utf16.end()) : '';
  }

  private start(bytes: Buffer): string {
    const { encoding, bomLength } = sniffEncoding(bytes, this.hint);
    this.detected = encoding;
    this.head = Buffer.alloc(0);
    if (encoding === 'utf16le') this.utf16 = new StringDecoder('utf16le');
    return this.write(bytes.subarray(bomLength));
  }
}

function utf8Bytes(text: string): string {
  return text === '' ? '' : Buffer.from(text, 'utf8').toString('latin1');
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
