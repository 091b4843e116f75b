/**
 * A strict, non-validating, streaming XML tokenizer for Tally's answers: text in, element events out. It
 * knows elements, attributes, character data, the five predefined entities, character references, CDATA,
 * comments and processing instructions, and checks well-formedness (names, nesting, one root, quoting,
 * unique attributes, defined entities). It refuses any DOCTYPE or other `<!` declaration, so no entity can
 * be declared or expanded (XML bomb, XXE). Written for speed: Tally's exports run to hundreds of megabytes,
 * and saxes alone, without building anything, took longer per voucher than the whole pull may (see the
 * tally-pull benchmark, which prints both). With `tallyCharacters` it also drops what Tally writes and XML
 * forbids (see control-char-filter.ts) while it reads, instead of in a pass of its own.
 * Memory: the unconsumed tail of the input (at most one unfinished tag or text run) plus the chunk, each
 * bounded (MAX_START_TAG, MAX_TEXT, MAX_MARKUP); time is linear in the input.
 */
import { dropsRawControlChars, isXmlChar, removeRawControlChars } from './control-char-filter';
import { NO_ATTRIBUTES } from './tally-node';

export interface XmlHandler {
  open(name: string, attrs: Record<string, string>): void;
  /** Character data (entities decoded); text between two tags comes in one call, CDATA in its own. */
  text(text: string): void;
  close(name: string): void;
}

export interface XmlScannerOptions {
  /**
   * Tally mode: character references to characters XML forbids are dropped (`&#4;` with the space after
   * it) and raw control characters removed, instead of being errors.
   */
  tallyCharacters?: boolean;
  /**
   * The input is UTF-8 bytes, one per character (Buffer's latin1 decoding): markup is ASCII either way, and
   * a byte string is decoded many times faster than text, so only the values with other characters are
   * decoded, one by one. Tally's answers are read so.
   */
  utf8Bytes?: boolean;
  /**
   * With `tallyCharacters`: Tally's `&#4;` marker ("&#4; Not Applicable") is kept as U+0004, with the space
   * after it, instead of dropped, so that a voucher written back carries it as Tally sent it.
   */
  keepTallyMarkers?: boolean;
}

export class XmlSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

/** Tally's `&#4;` marker as kept in text read with `keepTallyMarkers` (written back as `&#4;`). */
export const TALLY_MARKER = '\u0004';

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
const SPACE = 0x20;
const HASH = 0x23;

const NAME =
  /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDBFF][-.0-9:A-Z_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C-\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDFFF]*$/;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** Longest entity or character reference accepted (`&#x10FFFF;`). */
const MAX_REFERENCE = 10;
/** Slots for the names seen, each validated once and kept as one string; a name without a free slot is checked each time. */
const NAME_SLOTS = 1024;
const NAME_PROBES = 4;
/** Where a name that found no free slot is put, for the caller to read, until the next such name. */
const SPARE_SLOT = NAME_SLOTS;
/**
 * Bounds on what a hostile or broken answer can make the scanner hold or redo. A start tag is re-read
 * from its `<` when a chunk ends inside it, so its length bounds that work; Tally's longest are well under
 * a kilobyte with a handful of attributes. Text runs (Tally's longest values are QR codes and narrations,
 * kilobytes) are gathered in pieces and joined once, so they cost time linear in their length, up to
 * MAX_TEXT. Comments, CDATA and processing instructions are bounded like markup.
 */
export const MAX_START_TAG = 64 * 1024;
export const MAX_ATTRIBUTES = 256;
export const MAX_TEXT = 8 * 1024 * 1024;
export const MAX_MARKUP = 1024 * 1024;
/** Markup shorter than this at the end of the input may still become `<!--`, `<![CDATA[` or `<!DOCTYPE`. */
const DECLARATION_PREFIX = 9;

/** Characters that end a name: whitespace, `>`, `/`, `=`, and (malformed) `<` and quotes. */
const ENDS_NAME = new Uint8Array(128);
for (const char of ' \t\n\r>/=<"\'') ENDS_NAME[char.charCodeAt(0)] = 1;

function isSpace(code: number): boolean {
  return code === SPACE || code === 0x0a || code === 0x09 || code === 0x0d;
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

/** Decodes entity and character references in text or an attribute value. */
export function decodeReferences(raw: string, tallyCharacters = false, keepMarkers = false): string {
  let out = '';
  let from = 0;
  let amp = raw.indexOf('&');
  while (amp >= 0) {
    const semi = raw.indexOf(';', amp + 1);
    if (semi < 0 || semi - amp - 1 > MAX_REFERENCE) throw new XmlSyntaxError('"&" that starts no reference');
    const ref = raw.slice(amp + 1, semi);
    out += raw.slice(from, amp);
    from = semi + 1;
    const codePoint = ref.charCodeAt(0) === HASH ? characterReference(ref) : -1;
    if (codePoint < 0) out += entityText(ref);
    else if (isXmlChar(codePoint)) out += String.fromCodePoint(codePoint);
    else if (!tallyCharacters) throw new XmlSyntaxError(`invalid character reference &${ref};`);
    else if (codePoint === 4 && keepMarkers) out += TALLY_MARKER;
    // Tally's `&#4;` sentinel is followed by a space that belongs to it.
    else if (codePoint === 4 && raw.charCodeAt(from) === SPACE) from += 1;
    amp = raw.indexOf('&', from);
  }
  return from === 0 ? raw : out + raw.slice(from);
}

function entityText(ref: string): string {
  const predefined = PREDEFINED[ref];
  if (predefined === undefined) throw new XmlSyntaxError(`undefined entity &${ref};`);
  return predefined;
}

/** The code point of `#65` or `#x41`; throws when the digits are not digits. */
function characterReference(ref: string): number {
  const hex = ref.charCodeAt(1) === 0x78;
  const digits = ref.slice(hex ? 2 : 1);
  const valid = hex ? /^[0-9a-fA-F]+$/.test(digits) : /^[0-9]+$/.test(digits);
  if (!valid) throw new XmlSyntaxError(`invalid character reference &${ref};`);
  return parseInt(digits, hex ? 16 : 10);
}

/**
 * A start tag seen before, kept whole with what it means. Tally repeats the same tags in the same order
 * (`<RATE TYPE="Rate">` after `</ISDEEMEDPOSITIVE>`), so each remembers the start tag that came after it
 * and, when the input has that exact text there again, the tag is taken as it is instead of parsed: its
 * attributes object (frozen) is then shared by all the elements it starts.
 */
interface KnownTag {
  markup: string;
  name: string;
  rawName: string;
  attrs: Record<string, string>;
  selfClosing: boolean;
  /**
   * The start tags that followed this start tag, and its end tag, lately: two each, as the same end tag
   * is followed by one tag in an item line and by another in a ledger line.
   */
  afterOpen: KnownTag[];
  afterClose: KnownTag[];
}

/** Successors remembered per tag. */
const SUCCESSORS = 2;

/** Longest start tag remembered (`<STOCKITEMNAME TYPE="String">`; a voucher's own, with its GUID, is not). */
const MAX_KNOWN_TAG = 64;
const MAX_KNOWN_TAGS = 4096;

/** Whether `input` has `text` at `at`, compared in place. */
function startsWithAt(input: string, at: number, text: string): boolean {
  if (at + text.length > input.length) return false;
  for (let index = 0; index < text.length; index += 1) {
    if (input.charCodeAt(at + index) !== text.charCodeAt(index)) return false;
  }
  return true;
}

export class XmlScanner {
  private buffer = '';
  private readonly openNames: string[] = [];
  /** The open elements' names as they are in the input (UTF-8 bytes in that mode), for their end tags. */
  private readonly openRawNames: string[] = [];
  /** Names seen so far, by hash (open addressing): as in the input, and decoded. */
  private readonly rawNames: (string | undefined)[] = new Array<string | undefined>(NAME_SLOTS + 1).fill(
    undefined,
  );
  private readonly names: string[] = new Array<string>(NAME_SLOTS + 1).fill('');
  private rootSeen = false;
  private readonly tallyCharacters: boolean;
  private readonly utf8Bytes: boolean;
  private readonly keepMarkers: boolean;
  /** In UTF-8 byte mode, the next byte above 0x7F (or raw control character) at or after the scan position. */
  private nextHigh = -1;
  /** Next `&` and `]]>` in the buffer at or after the scan position (length when none): searched once each. */
  private nextAmp = -1;
  private nextCdataEnd = -1;
  /** Start tags seen, by their text; the open elements' ones; the last tag opened or closed. */
  private readonly knownTags = new Map<string, KnownTag>();
  private readonly openTags: (KnownTag | undefined)[] = [];
  private lastTag?: KnownTag;
  private lastWasClose = false;
  private readonly afterUnknown: KnownTag[] = [];
  /** Characters at the start of the buffer already known to hold no `<` (a text run waiting for its end). */
  private textWithoutTag = 0;
  /** Chunks that continue the unfinished text run the buffer holds, joined once the run ends. */
  private pendingText: string[] = [];

  constructor(
    private readonly handler: XmlHandler,
    options: XmlScannerOptions = {},
  ) {
    this.tallyCharacters = options.tallyCharacters ?? false;
    this.utf8Bytes = options.utf8Bytes ?? false;
    this.keepMarkers = options.keepTallyMarkers ?? false;
  }

  write(text: string): void {
    if (text === '') return;
    // UTF-8 bytes are cleaned value by value, as they are decoded (see `decoded`); text here, in one pass.
    const clean =
      this.tallyCharacters && !this.utf8Bytes && dropsRawControlChars(text)
        ? removeRawControlChars(text)
        : text;
    const buffered = this.textWithoutTag + this.pendingLength();
    if (this.buffer !== '' && this.textWithoutTag === this.buffer.length && !clean.includes('<')) {
      // Still inside one text run: kept as a piece, not joined into a new buffer for every chunk.
      if (buffered + clean.length > MAX_TEXT) throw tooLong('text', MAX_TEXT);
      this.pendingText.push(clean);
      return;
    }
    // Joined, not concatenated: the scan then reads a flat string, not a rope.
    this.buffer = this.buffer === '' ? clean : [this.buffer, ...this.pendingText, clean].join('');
    if (this.pendingText.length > 0) this.textWithoutTag = buffered;
    this.pendingText = [];
    this.scan(false);
  }

  private pendingLength(): number {
    let length = 0;
    for (const piece of this.pendingText) length += piece.length;
    return length;
  }

  /** Ends the input: throws XmlSyntaxError when it stops inside markup or an element, or has no root. */
  end(): void {
    if (this.pendingText.length > 0) {
      this.textWithoutTag += this.pendingLength();
      this.buffer = [this.buffer, ...this.pendingText].join('');
      this.pendingText = [];
    }
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
    this.nextAmp = -1;
    this.nextCdataEnd = -1;
    this.nextHigh = -1;
    let at = 0;
    let searchFrom = this.textWithoutTag;
    this.textWithoutTag = 0;
    while (at < length) {
      const lt = input.charCodeAt(at) === LT ? at : input.indexOf('<', Math.max(at, searchFrom));
      if (lt < 0) {
        // A text run ends at the next tag: it waits for the next chunk, unless the input ends here.
        if (!final) {
          if (length - at > MAX_TEXT) throw tooLong('text', MAX_TEXT);
          this.textWithoutTag = length - at;
          break;
        }
        this.characters(input, at, length);
        at = length;
        break;
      }
      searchFrom = 0;
      if (lt > at) this.characters(input, at, lt);
      const next = this.markup(input, lt, final);
      if (next < 0) {
        if (final) throw new XmlSyntaxError('unexpected end of input inside markup');
        const kind = input.charCodeAt(lt + 1);
        const tag = kind !== BANG && kind !== QUESTION;
        if (length - lt > (tag ? MAX_START_TAG : MAX_MARKUP))
          throw tooLong(
            tag ? 'start tag' : 'comment, CDATA section or instruction',
            tag ? MAX_START_TAG : MAX_MARKUP,
          );
        at = lt;
        break;
      }
      at = next;
    }
    this.buffer = at >= length ? '' : input.slice(at);
  }

  /** Character data input[from, to). */
  private characters(input: string, from: number, to: number): void {
    if (to - from > MAX_TEXT) throw tooLong('text', MAX_TEXT);
    if (this.openNames.length === 0) {
      const outside = input.slice(from, to);
      const layout = this.tallyCharacters ? removeRawControlChars(outside) : outside;
      if (layout.trim() !== '') throw new XmlSyntaxError('text outside the root element');
      return;
    }
    if (this.nextCdataEnd < from) this.nextCdataEnd = indexOrEnd(input, ']]>', from);
    if (this.nextCdataEnd + 3 <= to) throw new XmlSyntaxError('"]]>" in character data');
    if (this.nextAmp < from) this.nextAmp = indexOrEnd(input, '&', from);
    const raw = this.decoded(input, from, to);
    const text = this.nextAmp < to ? decodeReferences(raw, this.tallyCharacters, this.keepMarkers) : raw;
    // Only dropped characters (Tally mode): as if they had never been there.
    if (text !== '') this.handler.text(text);
  }

  /**
   * input[from, to) as text: UTF-8 bytes decoded when there are any beyond ASCII, and in Tally mode raw
   * control characters removed. One search finds both, and finds nothing in most values.
   */
  private decoded(input: string, from: number, to: number): string {
    const raw = input.slice(from, to);
    if (!this.utf8Bytes) return raw;
    if (this.nextHigh < from) this.nextHigh = nextSpecialByte(input, from, this.tallyCharacters);
    return this.nextHigh < to ? this.utf8(raw) : raw;
  }

  private utf8(bytes: string): string {
    const text = Buffer.from(bytes, 'latin1').toString('utf8');
    return this.tallyCharacters && dropsRawControlChars(text) ? removeRawControlChars(text) : text;
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
      this.handler.text(this.cdata(this.decoded(input, lt + 9, end)));
      return end + 3;
    }
    if (!final && input.length - lt < DECLARATION_PREFIX) return -1;
    throw new XmlDeclarationRefused(`markup declaration ${input.slice(lt, lt + DECLARATION_PREFIX)} refused`);
  }

  /** CDATA is literal, but in Tally mode cleaned like the rest, as the separate filter used to. */
  private cdata(text: string): string {
    return this.tallyCharacters && text.includes('&#') ? stripCharacterReferences(text) : text;
  }

  private closeTag(input: string, lt: number): number {
    const expected = this.openRawNames[this.openRawNames.length - 1];
    const nameEnd = lt + 2 + (expected?.length ?? 0);
    // The usual case, `</NAME>`, compared in place; anything else is looked at closely.
    if (
      expected !== undefined &&
      nameEnd < input.length &&
      input.charCodeAt(nameEnd) === GT &&
      sameText(input, lt + 2, nameEnd, expected)
    ) {
      this.closed();
      return nameEnd + 1;
    }
    const gt = input.indexOf('>', lt + 2);
    if (gt < 0) return -1;
    let end = gt;
    while (end > lt + 2 && isSpace(input.charCodeAt(end - 1))) end -= 1;
    if (expected === undefined || !sameText(input, lt + 2, end, expected)) {
      const name = this.decoded(input, lt + 2, end);
      throw new XmlSyntaxError(
        expected === undefined
          ? `</${name}> closes nothing`
          : `</${name}> where </${this.openNames[this.openNames.length - 1]}> was expected`,
      );
    }
    this.closed();
    return gt + 1;
  }

  private openTag(input: string, lt: number): number {
    const next = this.successors();
    for (const predicted of next) {
      if (startsWithAt(input, lt, predicted.markup)) {
        this.opened(predicted.name, predicted.rawName, predicted.attrs, predicted.selfClosing, predicted);
        return lt + predicted.markup.length;
      }
    }
    const length = input.length;
    let at = lt + 1;
    let hash = 0;
    for (; at < length; at += 1) {
      const code = input.charCodeAt(at);
      if (code < 128 && ENDS_NAME[code] === 1) break;
      hash = (Math.imul(hash, 31) + code) | 0;
    }
    if (at >= length) return -1;
    const slot = this.nameSlot(input, lt + 1, at, hash);
    const name = this.names[slot];
    const rawName = this.rawNames[slot] ?? '';
    let attrs = NO_ATTRIBUTES;
    let count = 0;
    let selfClosing = false;
    if (input.charCodeAt(at) === GT) {
      at += 1;
    } else {
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
        if (attrs === NO_ATTRIBUTES) {
          attrs = {};
          count = 0;
        }
        if (++count > MAX_ATTRIBUTES)
          throw new XmlSyntaxError(`<${name}> has more than ${MAX_ATTRIBUTES} attributes`);
        at = this.attribute(input, at, name, attrs);
        if (at < 0) return -1;
      }
    }
    const known = this.knownTag(input.slice(lt, at), name, rawName, attrs, selfClosing);
    if (known !== undefined) {
      if (next.length >= SUCCESSORS) next.pop();
      next.unshift(known);
    }
    this.opened(name, rawName, known?.attrs ?? attrs, selfClosing, known);
    return at;
  }

  /** The start tags that came after the last tag event lately (after a tag not remembered, a list of its own). */
  private successors(): KnownTag[] {
    const last = this.lastTag;
    if (last === undefined) return this.afterUnknown;
    return this.lastWasClose ? last.afterClose : last.afterOpen;
  }

  private opened(
    name: string,
    rawName: string,
    attrs: Record<string, string>,
    selfClosing: boolean,
    known: KnownTag | undefined,
  ): void {
    if (this.openNames.length === 0) {
      if (this.rootSeen) throw new XmlSyntaxError(`<${name}> after the root element`);
      this.rootSeen = true;
    }
    this.openNames.push(name);
    this.openRawNames.push(rawName);
    this.openTags.push(known);
    this.lastTag = known;
    this.lastWasClose = false;
    this.handler.open(name, attrs);
    if (selfClosing) this.closed();
  }

  private closed(): void {
    const name = this.openNames.pop() ?? '';
    this.openRawNames.pop();
    this.lastTag = this.openTags.pop();
    this.lastWasClose = true;
    this.handler.close(name);
  }

  /** The remembered start tag with this exact text, remembered now when it is short and there is room. */
  private knownTag(
    markup: string,
    name: string,
    rawName: string,
    attrs: Record<string, string>,
    selfClosing: boolean,
  ): KnownTag | undefined {
    const known = this.knownTags.get(markup);
    if (known !== undefined || markup.length > MAX_KNOWN_TAG || this.knownTags.size >= MAX_KNOWN_TAGS)
      return known;
    // Its own flat copy: a slice would keep the whole chunk it came from alive.
    const tag: KnownTag = {
      markup: internalised(markup),
      name,
      rawName,
      attrs: Object.freeze(attrs),
      selfClosing,
      afterOpen: [],
      afterClose: [],
    };
    this.knownTags.set(markup, tag);
    return tag;
  }

  /** Reads `name="value"` at `start` into `attrs`; returns the index after it, or -1 when incomplete. */
  private attribute(input: string, start: number, element: string, attrs: Record<string, string>): number {
    const length = input.length;
    let at = start;
    let hash = 0;
    for (; at < length; at += 1) {
      const code = input.charCodeAt(at);
      if (code < 128 && ENDS_NAME[code] === 1) break;
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
    const name = this.names[this.nameSlot(input, start, nameEnd, hash)];
    const value = this.attributeValue(input, at + 1, close, element);
    if (attrs[name] !== undefined || name === '__proto__')
      throw new XmlSyntaxError(`attribute ${name} repeated or not allowed in <${element}>`);
    attrs[name] = value;
    return close + 1;
  }

  /** input[from, to) as an attribute value: references decoded, tabs and line breaks made spaces. */
  private attributeValue(input: string, from: number, to: number, element: string): string {
    let special = false;
    for (let at = from; at < to; at += 1) {
      const code = input.charCodeAt(at);
      if (code === 0x26 || code === LT || code === 0x09 || code === 0x0a || code === 0x0d) {
        special = true;
        break;
      }
    }
    const value = this.decoded(input, from, to);
    if (!special) return value;
    if (value.includes('<')) throw new XmlSyntaxError(`"<" in an attribute value of <${element}>`);
    const spaced = value.replace(/[\t\n\r]/g, ' ');
    return spaced.includes('&') ? decodeReferences(spaced, this.tallyCharacters, this.keepMarkers) : spaced;
  }

  /**
   * The slot of the name at [from, to), whose hash the caller computed: where it was stored when first seen
   * (checked and decoded then), or the spare slot when no slot is free, refilled each time.
   */
  private nameSlot(input: string, from: number, to: number, hash: number): number {
    let slot = SPARE_SLOT;
    for (let probe = 0; probe < NAME_PROBES; probe += 1) {
      const candidate = (hash + probe) & (NAME_SLOTS - 1);
      const known = this.rawNames[candidate];
      if (known === undefined) {
        slot = candidate;
        break;
      }
      if (sameText(input, from, to, known)) return candidate;
    }
    const raw = internalised(input.slice(from, to));
    const name = this.utf8Bytes ? internalised(this.decoded(input, from, to)) : raw;
    if (!NAME.test(name)) throw new XmlSyntaxError(`invalid name "${name.slice(0, 40)}"`);
    this.rawNames[slot] = raw;
    this.names[slot] = name;
    return slot;
  }
}

function tooLong(what: string, limit: number): XmlSyntaxError {
  return new XmlSyntaxError(`${what} longer than ${limit} characters: refused`);
}

const HIGH_BYTE = /[\x80-\xff]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIGH_OR_CONTROL_BYTE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x80-\xff]/g;

/**
 * The next character above 0x7F (and, with `controls`, the next raw control character) at or after `from`
 * in a UTF-8 byte string, or its length when none.
 */
function nextSpecialByte(input: string, from: number, controls: boolean): number {
  const search = controls ? HIGH_OR_CONTROL_BYTE : HIGH_BYTE;
  search.lastIndex = from;
  return search.exec(input)?.index ?? input.length;
}

function indexOrEnd(input: string, search: string, from: number): number {
  const found = input.indexOf(search, from);
  return found < 0 ? input.length : found;
}

/** Tally-mode cleaning of literal text (CDATA): invalid character references dropped, valid ones kept. */
function stripCharacterReferences(text: string): string {
  return text.replace(/&#(x[0-9a-fA-F]+|[0-9]+);( ?)/g, (whole, ref: string, space: string) => {
    const codePoint = ref.startsWith('x') ? parseInt(ref.slice(1), 16) : parseInt(ref, 10);
    if (isXmlChar(codePoint)) return whole;
    return codePoint === 4 ? '' : space;
  });
}
