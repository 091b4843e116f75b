import { TallyByteDecoder, type TallyEncoding } from './text-decoder';
import { XmlDeclarationRefused, XmlScanner, XmlSyntaxError, type XmlHandler } from './xml-scanner';
import type { TallyNode } from './tally-node';

/** The response is not XML we accept: malformed, or carrying a DOCTYPE (entity expansion / XXE). */
export class TallyXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TallyXmlError';
  }
}

/** Well-formed XML that is not an answer of Tally's (a web page, another service, junk): the URL is wrong. */
export class NotTallyXml extends TallyXmlError {
  constructor(message: string) {
    super(message);
    this.name = 'NotTallyXml';
  }
}

/** The root elements of Tally's answers: ENVELOPE (exports, imports) and RESPONSE (older import results). */
const TALLY_ROOTS: ReadonlySet<string> = new Set(['ENVELOPE', 'RESPONSE']);
/** Deeper than any answer of Tally's (a voucher's deepest lists are about a dozen levels). */
export const MAX_TALLY_DEPTH = 256;

export interface RecordReaderOptions {
  /** Element names captured as records wherever they appear (VOUCHER, LEDGER, ...), outermost only; 'root' for the whole document. */
  records: ReadonlySet<string> | 'root' | { childrenOf: string };
  /** Further element names captured wherever they appear (LINEERROR). */
  also?: ReadonlySet<string>;
  /** Encoding hint from the Content-Type header. */
  encoding?: TallyEncoding;
  /** Keep Tally's `&#4;` markers (as U+0004) instead of dropping them: for vouchers to be written back. */
  keepTallyMarkers?: boolean;
  /** A whole answer from Tally's HTTP port: its root must be one of Tally's (ENVELOPE, RESPONSE). */
  tallyAnswer?: boolean;
}

/**
 * Streams Tally XML: bytes in, one record element at a time out. Only the record being built is held in
 * memory, so a whole export is never one string. Bytes go, as UTF-8 (see TallyByteDecoder), to a strict,
 * non-validating scanner that refuses DOCTYPE declarations and, in its Tally mode, drops the control
 * characters Tally writes.
 */
export class TallyRecordReader implements XmlHandler {
  private readonly decoder: TallyByteDecoder;
  private readonly scanner: XmlScanner;
  /** The record being built, outermost first; empty between records. */
  private readonly stack: TallyNode[] = [];
  private readonly ready: TallyNode[] = [];
  /** Names of the open elements around the records (ENVELOPE, BODY, ..., COLLECTION). */
  private readonly outside: string[] = [];

  constructor(private readonly options: RecordReaderOptions) {
    this.decoder = new TallyByteDecoder(options.encoding);
    this.scanner = new XmlScanner(this, {
      tallyCharacters: true,
      utf8Bytes: true,
      keepTallyMarkers: options.keepTallyMarkers,
    });
  }

  /** Feeds bytes; returns the records completed by them. */
  write(chunk: Buffer): TallyNode[] {
    this.feed(this.decoder.write(chunk));
    return this.drain();
  }

  /** Ends the input; returns the last records. Throws TallyXmlError when the document is incomplete. */
  end(): TallyNode[] {
    this.feed(this.decoder.end());
    try {
      this.scanner.end();
    } catch (error) {
      throw asTallyXmlError(error);
    }
    return this.drain();
  }

  private feed(text: string): void {
    if (text === '') return;
    try {
      this.scanner.write(text);
    } catch (error) {
      throw asTallyXmlError(error);
    }
  }

  private drain(): TallyNode[] {
    if (this.ready.length === 0) return NOTHING;
    return this.ready.splice(0, this.ready.length);
  }

  /** @internal scanner event */
  open(name: string, attrs: Record<string, string>): void {
    const stack = this.stack;
    const depth = this.outside.length + stack.length;
    if (depth === 0 && this.options.tallyAnswer && !TALLY_ROOTS.has(name.toUpperCase())) {
      throw new NotTallyXml(
        `the answer is <${name.slice(0, 40)}>, not Tally's <ENVELOPE> or <RESPONSE>: is this TallyPrime's XML port?`,
      );
    }
    if (depth >= MAX_TALLY_DEPTH) {
      throw new NotTallyXml(
        `the answer nests elements more than ${MAX_TALLY_DEPTH} deep (inside <${name.slice(0, 40)}>): no answer of Tally's does`,
      );
    }
    const node: TallyNode = { name, attrs, text: '', children: [] };
    if (stack.length > 0) {
      stack[stack.length - 1].children.push(node);
      stack.push(node);
    } else if (this.isRecord(name)) {
      stack.push(node);
    } else {
      this.outside.push(name);
    }
  }

  private isRecord(name: string): boolean {
    const { records, also } = this.options;
    if (also?.has(name)) return true;
    if (records === 'root') return this.outside.length === 0;
    if ('childrenOf' in records) return this.outside[this.outside.length - 1] === records.childrenOf;
    return records.has(name);
  }

  /** @internal scanner event */
  close(): void {
    const stack = this.stack;
    if (stack.length === 0) {
      this.outside.pop();
      return;
    }
    const node = stack.pop();
    if (stack.length === 0 && node) this.ready.push(node);
  }

  /** @internal scanner event */
  text(text: string): void {
    const stack = this.stack;
    if (stack.length === 0) return;
    const node = stack[stack.length - 1];
    // Whitespace between child elements is layout, not content.
    if (node.children.length === 0) node.text = node.text === '' ? text : node.text + text;
  }
}

const NOTHING: TallyNode[] = Object.freeze([]) as unknown as TallyNode[];

function asTallyXmlError(error: unknown): Error {
  if (error instanceof TallyXmlError) return error;
  if (error instanceof XmlDeclarationRefused) {
    return new TallyXmlError(
      'Tally response refused: DOCTYPE/ENTITY declarations are not accepted (XML bomb/XXE guard)',
    );
  }
  if (error instanceof XmlSyntaxError) return new TallyXmlError(`malformed XML from Tally: ${error.message}`);
  return error instanceof Error ? error : new Error(String(error));
}

/** Reads a whole (small) XML text into one tree: the root element. */
export function parseTallyXml(xml: string | Buffer, encoding?: TallyEncoding): TallyNode {
  const reader = new TallyRecordReader({ records: 'root', encoding });
  const bytes = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  const nodes = [...reader.write(bytes), ...reader.end()];
  const root = nodes[0];
  if (!root) throw new TallyXmlError('empty Tally response');
  return root;
}
