import { ControlCharFilter } from './control-char-filter';
import { TallyTextDecoder, type TallyEncoding } from './text-decoder';
import { XmlDeclarationRefused, XmlScanner } from './xml-scanner';
import type { TallyNode } from './tally-node';

/** The response is not XML we accept: malformed, or carrying a DOCTYPE (entity expansion / XXE). */
export class TallyXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TallyXmlError';
  }
}

export interface RecordReaderOptions {
  /** Element names captured as records wherever they appear (VOUCHER, LEDGER, ...), outermost only; 'root' for the whole document. */
  records: ReadonlySet<string> | 'root' | { childrenOf: string };
  /** Further element names captured wherever they appear (LINEERROR). */
  also?: ReadonlySet<string>;
  /** Encoding hint from the Content-Type header. */
  encoding?: TallyEncoding;
}

/**
 * Streams Tally XML: bytes in, one record element at a time out. Only the record being built is held in
 * memory, so a whole export is never one string. Bytes are decoded, cleaned of control characters and
 * fed to a strict, non-validating parser that refuses DOCTYPE declarations.
 */
export class TallyRecordReader {
  private readonly decoder: TallyTextDecoder;
  private readonly filter = new ControlCharFilter();
  private readonly scanner = new XmlScanner({
    open: (name, attrs) => this.open(name, attrs),
    text: (text) => this.text(text),
    close: () => this.close(),
  });
  private readonly stack: TallyNode[] = [];
  private readonly ready: TallyNode[] = [];
  private captureDepth = -1;
  private depth = 0;
  private readonly openNames: string[] = [];

  constructor(private readonly options: RecordReaderOptions) {
    this.decoder = new TallyTextDecoder(options.encoding);
  }

  /** Feeds bytes; returns the records completed by them. */
  write(chunk: Buffer): TallyNode[] {
    this.feed(this.filter.push(this.decoder.write(chunk)));
    return this.drain();
  }

  /** Ends the input; returns the last records. Throws TallyXmlError when the document is incomplete. */
  end(): TallyNode[] {
    this.feed(this.filter.push(this.decoder.end()) + this.filter.end());
    this.guard(() => this.scanner.end());
    return this.drain();
  }

  private feed(text: string): void {
    if (text !== '') this.guard(() => this.scanner.write(text));
  }

  private guard(action: () => void): void {
    try {
      action();
    } catch (error) {
      if (error instanceof TallyXmlError) throw error;
      if (error instanceof XmlDeclarationRefused) {
        throw new TallyXmlError(
          'Tally response refused: DOCTYPE/ENTITY declarations are not accepted (XML bomb/XXE guard)',
        );
      }
      throw new TallyXmlError(`malformed XML from Tally: ${(error as Error).message}`);
    }
  }

  private drain(): TallyNode[] {
    return this.ready.splice(0, this.ready.length);
  }

  private open(name: string, attrs: Record<string, string>): void {
    this.depth += 1;
    this.openNames.push(name);
    if (this.captureDepth < 0) {
      if (!this.isRecord(name)) return;
      this.captureDepth = this.depth;
    }
    const node: TallyNode = { name, attrs, text: '', children: [] };
    const parent = this.stack[this.stack.length - 1];
    if (parent) parent.children.push(node);
    this.stack.push(node);
  }

  private isRecord(name: string): boolean {
    const { records, also } = this.options;
    if (also?.has(name)) return true;
    if (records === 'root') return this.depth === 1;
    if ('childrenOf' in records) return this.openNames[this.openNames.length - 2] === records.childrenOf;
    return records.has(name);
  }

  private close(): void {
    this.openNames.pop();
    if (this.captureDepth >= 0) {
      const node = this.stack.pop();
      if (this.depth === this.captureDepth && node) {
        this.ready.push(node);
        this.captureDepth = -1;
      }
    }
    this.depth -= 1;
  }

  private text(text: string): void {
    const node = this.stack[this.stack.length - 1];
    // Whitespace between child elements is layout, not content.
    if (node && node.children.length === 0) node.text += text;
  }
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
