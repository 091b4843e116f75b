/**
 * A strict, non-validating, streaming XML tokenizer for Tally's answers: text in, element events out. It
 * knows elements, attributes, character data, the five predefined entities, character references, CDATA,
 * comments and processing instructions, and checks well-formedness (names, nesting, one root, quoting,
 * unique attributes, defined entities). It refuses any DOCTYPE or other `<!` declaration, so no entity can
 * be declared or expanded (XML bomb, XXE). Written for speed: Tally's exports run to hundreds of megabytes
 * and a general SAX parser spent more time per node than the connector spends on the whole voucher.
 * Memory: the unconsumed tail of the input (at most one unfinished tag or text run) plus the chunk.
 */
import { isXmlChar } from './control-char-filter';

export interface XmlHandler {
  open(name: string, attrs: Record<string, string>): void;
  /** Character data (entities decoded); a run of text may arrive in several calls. */
  text(text: string): void;
  close(name: string): void;
}

export class XmlSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

/** A DOCTYPE (or other markup declaration) was found: refused outright, never interpreted. */
export class XmlDeclarationRefused extends XmlSyntaxError {}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

const NAME =
  /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDBFF][-.0-9:A-Z_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C-\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDFFF]*$/;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** Longest entity or character reference accepted (`&#x10FFFF;`). */
const MAX_REFERENCE = 10;
/** Distinct names remembered (validated once, one string per name); beyond this they are checked each time. */
const MAX_NAMES = 1024;
/** Markup shorter than this at the end of the input may still become `<!--`, `<![CDATA[` or `<!DOCTYPE`. */
const DECLARATION_PREFIX = 9;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

/**
 * The engine's own copy of a string, as used for property keys: comparing against it and storing it as an
 * attribute key then take the fast paths (a sliced copy would be turned into an indirection on first use).
 */
function internalised(text: string): string {
  return Object.keys({ [text]: true })[0] ?? text;
}

/** Whether input[from, to) is `text`, compared in place. */
function sameText(input: string, from: number, to: number, text: string): boolean {
  if (to - from !== text.length) return false;
  for (let at = 0; at < text.length; at += 1) {
    if (input.charCodeAt(from + at) !== text.charCodeAt(at)) return false;
  }
  return true;
}

const AMPERSAND = 1;
const LESS_THAN = 2;
const BRACKET = 4;
const WHITESPACE = 8;

/** Which of `&`, `<`, `]` and tab/line breaks occur in `text`: one pass instead of a search for each. */
function specialChars(text: string): number {
  let found = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code > 0x5d) continue;
    if (code === 0x26) found |= AMPERSAND;
    else if (code === LT) found |= LESS_THAN;
    else if (code === 0x5d) found |= BRACKET;
    else if (code === 0x09 || code === 0x0a || code === 0x0d) found |= WHITESPACE;
  }
  return found;
}

/** Ends a name: whitespace, `>`, `/`, `=` (and, malformed, `<`, quotes). */
function endsName(code: number): boolean {
  return (
    isSpace(code) ||
    code === GT ||
    code === SLASH ||
    code === EQUALS ||
    code === LT ||
    code === QUOTE ||
    code === APOSTROPHE
  );
}

/** Decodes entity and character references in text or an attribute value. */
export function decodeReferences(raw: string): string {
  let out = '';
  let from = 0;
  let amp = raw.indexOf('&');
  while (amp >= 0) {
    const semi = raw.indexOf(';', amp + 1);
    if (semi < 0 || semi - amp - 1 > MAX_REFERENCE) throw new XmlSyntaxError('"&" that starts no reference');
    const ref = raw.slice(amp + 1, semi);
    out += raw.slice(from, amp) + referenceText(ref);
    from = semi + 1;
    amp = raw.indexOf('&', from);
  }
  return from === 0 ? raw : out + raw.slice(from);
}

function referenceText(ref: string): string {
  const predefined = PREDEFINED[ref];
  if (predefined !== undefined) return predefined;
  if (ref.charCodeAt(0) === 0x23) {
    const hex = ref.charCodeAt(1) === 0x78;
    const digits = ref.slice(hex ? 2 : 1);
    const valid = hex ? /^[0-9a-fA-F]+$/.test(digits) : /^[0-9]+$/.test(digits);
    const codePoint = valid ? parseInt(digits, hex ? 16 : 10) : NaN;
    if (!isXmlChar(codePoint)) throw new XmlSyntaxError(`invalid character reference &${ref};`);
    return String.fromCodePoint(codePoint);
  }
  throw new XmlSyntaxError(`undefined entity &${ref};`);
}

export class XmlScanner {
  private buffer = '';
  private readonly openNames: string[] = [];
  /** Names seen so far, by hash. */
  private readonly names = new Map<number, string[]>();
  private nameCount = 0;
  private rootSeen = false;

  constructor(private readonly handler: XmlHandler) {}

  write(text: string): void {
    if (text === '') return;
    this.buffer = this.buffer === '' ? text : this.buffer + text;
    this.scan(false);
  }

  /** Ends the input: throws XmlSyntaxError when it stops inside markup or an element, or has no root. */
  end(): void {
    this.scan(true);
    if (this.openNames.length > 0)
      throw new XmlSyntaxError(
        `unexpected end of input inside <${this.openNames[this.openNames.length - 1]}>`,
      );
    if (!this.rootSeen) throw new XmlSyntaxError('the document has no root element');
  }

  private scan(final: boolean): void {
    const input = this.buffer;
    const length = input.length;
    let at = 0;
    while (at < length) {
      const lt = input.indexOf('<', at);
      if (lt < 0) {
        // Text up to a reference that may be cut by the chunk boundary; the rest waits for the next chunk.
        const amp = input.lastIndexOf('&');
        const cut = !final && amp >= at && input.indexOf(';', amp) < 0 ? amp : length;
        if (cut > at) this.characters(input.slice(at, cut));
        at = cut;
        break;
      }
      if (lt > at) this.characters(input.slice(at, lt));
      const next = this.markup(input, lt, final);
      if (next < 0) {
        if (final) throw new XmlSyntaxError('unexpected end of input inside markup');
        at = lt;
        break;
      }
      at = next;
    }
    this.buffer = at >= length ? '' : input.slice(at);
  }

  private characters(raw: string): void {
    if (this.openNames.length === 0) {
      if (raw.trim() !== '') throw new XmlSyntaxError('text outside the root element');
      return;
    }
    const special = specialChars(raw);
    if (special & BRACKET && raw.includes(']]>')) throw new XmlSyntaxError('"]]>" in character data');
    this.handler.text(special & AMPERSAND ? decodeReferences(raw) : raw);
  }

  /** Handles the markup at `lt`; returns the index after it, or -1 when the input ends inside it. */
  private markup(input: string, lt: number, final: boolean): number {
    if (lt + 1 >= input.length) return -1;
    const kind = input.charCodeAt(lt + 1);
    if (kind === SLASH) return this.closeTag(input, lt);
    if (kind === BANG) return this.declaration(input, lt, final);
    if (kind === QUESTION) {
      const end = input.indexOf('?>', lt + 2);
      return end < 0 ? -1 : end + 2;
    }
    return this.openTag(input, lt);
  }

  private declaration(input: string, lt: number, final: boolean): number {
    if (input.startsWith('<!--', lt)) {
      const end = input.indexOf('-->', lt + 4);
      return end < 0 ? -1 : end + 3;
    }
    if (input.startsWith('<![CDATA[', lt)) {
      const end = input.indexOf(']]>', lt + 9);
      if (end < 0) return -1;
      if (this.openNames.length === 0) throw new XmlSyntaxError('CDATA outside the root element');
      this.handler.text(input.slice(lt + 9, end));
      return end + 3;
    }
    if (!final && input.length - lt < DECLARATION_PREFIX) return -1;
    throw new XmlDeclarationRefused(`markup declaration ${input.slice(lt, lt + DECLARATION_PREFIX)} refused`);
  }

  private closeTag(input: string, lt: number): number {
    const gt = input.indexOf('>', lt + 2);
    if (gt < 0) return -1;
    let nameEnd = gt;
    while (nameEnd > lt + 2 && isSpace(input.charCodeAt(nameEnd - 1))) nameEnd -= 1;
    const expected = this.openNames.pop();
    if (expected === undefined || !sameText(input, lt + 2, nameEnd, expected)) {
      const name = input.slice(lt + 2, nameEnd);
      throw new XmlSyntaxError(
        expected === undefined ? `</${name}> closes nothing` : `</${name}> where </${expected}> was expected`,
      );
    }
    this.handler.close(expected);
    return gt + 1;
  }

  private openTag(input: string, lt: number): number {
    const length = input.length;
    let at = lt + 1;
    let hash = 0;
    for (; at < length; at += 1) {
      const code = input.charCodeAt(at);
      if (endsName(code)) break;
      hash = (Math.imul(hash, 31) + code) | 0;
    }
    if (at >= length) return -1;
    const name = this.name(input, lt + 1, at, hash);
    const attrs: Record<string, string> = {};
    let selfClosing = false;
    for (;;) {
      const before = at;
      while (at < length && isSpace(input.charCodeAt(at))) at += 1;
      if (at >= length) return -1;
      const code = input.charCodeAt(at);
      if (code === GT) {
        at += 1;
        break;
      }
      if (code === SLASH) {
        if (at + 1 >= length) return -1;
        if (input.charCodeAt(at + 1) !== GT) throw new XmlSyntaxError(`"/" inside <${name}>`);
        selfClosing = true;
        at += 2;
        break;
      }
      if (at === before) throw new XmlSyntaxError(`attributes of <${name}> not separated by whitespace`);
      const attribute = this.attribute(input, at, name, attrs);
      if (attribute < 0) return -1;
      at = attribute;
    }
    if (this.openNames.length === 0) {
      if (this.rootSeen) throw new XmlSyntaxError(`<${name}> after the root element`);
      this.rootSeen = true;
    }
    this.openNames.push(name);
    this.handler.open(name, attrs);
    if (selfClosing) {
      this.openNames.pop();
      this.handler.close(name);
    }
    return at;
  }

  /** Reads `name="value"` at `at` into `attrs`; returns the index after it, or -1 when incomplete. */
  private attribute(input: string, start: number, element: string, attrs: Record<string, string>): number {
    const length = input.length;
    let at = start;
    let hash = 0;
    for (; at < length; at += 1) {
      const code = input.charCodeAt(at);
      if (endsName(code)) break;
      hash = (Math.imul(hash, 31) + code) | 0;
    }
    const nameEnd = at;
    while (at < length && isSpace(input.charCodeAt(at))) at += 1;
    if (at >= length) return -1;
    if (input.charCodeAt(at) !== EQUALS || nameEnd === start)
      throw new XmlSyntaxError(`attribute without a value in <${element}>`);
    at += 1;
    while (at < length && isSpace(input.charCodeAt(at))) at += 1;
    if (at >= length) return -1;
    const quote = input.charCodeAt(at);
    if (quote !== QUOTE && quote !== APOSTROPHE)
      throw new XmlSyntaxError(`unquoted attribute value in <${element}>`);
    const close = input.indexOf(quote === QUOTE ? '"' : "'", at + 1);
    if (close < 0) return -1;
    const name = this.name(input, start, nameEnd, hash);
    let value = input.slice(at + 1, close);
    const special = specialChars(value);
    if (special & LESS_THAN) throw new XmlSyntaxError(`"<" in an attribute value of <${element}>`);
    if (special & WHITESPACE) value = value.replace(/[\t\n\r]/g, ' ');
    if (special & AMPERSAND) value = decodeReferences(value);
    if (attrs[name] !== undefined || name === '__proto__')
      throw new XmlSyntaxError(`attribute ${name} repeated or not allowed in <${element}>`);
    attrs[name] = value;
    return close + 1;
  }

  /** The name at [from, to), whose hash the caller computed: the shared copy when seen before, else checked. */
  private name(input: string, from: number, to: number, hash: number): string {
    const candidates = this.names.get(hash);
    if (candidates !== undefined) {
      for (const known of candidates) if (sameText(input, from, to, known)) return known;
    }
    const text = internalised(input.slice(from, to));
    if (!NAME.test(text)) throw new XmlSyntaxError(`invalid name "${text.slice(0, 40)}"`);
    if (this.nameCount < MAX_NAMES) {
      this.nameCount += 1;
      if (candidates === undefined) this.names.set(hash, [text]);
      else candidates.push(text);
    }
    return text;
  }
}
