/**
 * SHA-256 over the canonical form of a parsed element: `<NAME KEY="value"...>` with attributes sorted and
 * the excluded ones left out, a leaf's trimmed text as a JSON string, children in order (excluded names
 * skipped at any depth), `</NAME>`; hashed as UTF-8. The form is written straight into a reused byte
 * buffer: building it as a string first cost several times the hashing itself.
 */
import { createHash } from 'node:crypto';
import { NO_ATTRIBUTES, type TallyNode } from './xml/tally-node';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Longest text copied character by character. */
const SHORT_TEXT = 24;
/** What JSON.stringify escapes: quote, backslash, control characters, and lone surrogates (so any surrogate). */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

export function canonicalHash(
  node: TallyNode,
  excluded: ReadonlySet<string>,
  excludedAttrs: ReadonlySet<string>,
): string {
  const writer = new CanonicalWriter(excluded, excludedAttrs);
  writer.element(node);
  return createHash('sha256').update(writer.bytes()).digest('hex');
}

/** Scratch space shared by all calls (hashing is synchronous); grows to the largest voucher seen. */
let scratch = Buffer.allocUnsafe(64 * 1024);

/** What the form needs of an element name, encoded once. */
interface Tags {
  /** UTF-8 of `<NAME` and of `<NAME>` (for elements without attributes kept in the form). */
  open: Uint8Array;
  openEnded: Uint8Array;
  /** UTF-8 of `</NAME>` */
  close: Uint8Array;
  /** Whether elements of this name are left out (with their content). */
  excluded: boolean;
}

/** Tags by element name, one table per set of excluded names (a connector has one). */
const TABLES = new WeakMap<ReadonlySet<string>, Map<string, Tags>>();
/** Names remembered per table: Tally uses a few hundred; past the cap they are encoded each time. */
const MAX_TAGS = 4096;

function tagTable(excluded: ReadonlySet<string>): Map<string, Tags> {
  let table = TABLES.get(excluded);
  if (table === undefined) {
    table = new Map();
    TABLES.set(excluded, table);
  }
  return table;
}

class CanonicalWriter {
  private length = 0;
  private readonly tags: Map<string, Tags>;

  constructor(
    private readonly excluded: ReadonlySet<string>,
    private readonly excludedAttrs: ReadonlySet<string>,
  ) {
    this.tags = tagTable(excluded);
  }

  bytes(): Buffer {
    return scratch.subarray(0, this.length);
  }

  element(node: TallyNode): void {
    this.write(this.tagsOf(node.name), node);
  }

  private write(tags: Tags, node: TallyNode): void {
    const attrs = node.attrs;
    if (attrs === NO_ATTRIBUTES || !this.attributes(tags, attrs)) this.copy(tags.openEnded);
    const children = node.children;
    if (children.length === 0) this.json(trimmed(node.text));
    for (let index = 0; index < children.length; index += 1) {
      const child = children[index];
      const childTags = this.tagsOf(child.name);
      if (!childTags.excluded) this.write(childTags, child);
    }
    this.copy(tags.close);
  }

  private tagsOf(name: string): Tags {
    let tags = this.tags.get(name);
    if (tags === undefined) {
      tags = {
        open: Buffer.from(`<${name}`, 'utf8'),
        openEnded: Buffer.from(`<${name}>`, 'utf8'),
        close: Buffer.from(`</${name}>`, 'utf8'),
        excluded: this.excluded.has(name),
      };
      if (this.tags.size < MAX_TAGS) this.tags.set(name, tags);
    }
    return tags;
  }

  /** Writes `<NAME KEY="value"...>` when an attribute is kept; false (nothing written) when none is. */
  private attributes(tags: Tags, attrs: Record<string, string>): boolean {
    let count = 0;
    let kept: string | undefined;
    for (const key in attrs) {
      count += 1;
      if (!this.excludedAttrs.has(key)) kept = key;
    }
    // Usually one attribute (TYPE, excluded): the sorted list is built only for more.
    if (kept === undefined) return false;
    this.copy(tags.open);
    for (const key of count === 1 ? [kept] : attributeKeys(attrs, this.excludedAttrs)) {
      this.byte(0x20);
      this.text(key);
      this.byte(0x3d);
      this.json(attrs[key]);
    }
    this.byte(0x3e);
    return true;
  }

  private byte(value: number): void {
    if (this.length >= scratch.length) this.grow(1);
    scratch[this.length++] = value;
  }

  private copy(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    const out = scratch;
    let length = this.length;
    for (let at = 0; at < bytes.length; at += 1) out[length++] = bytes[at];
    this.length = length;
  }

  /** UTF-8 of `text` (lone surrogates replaced, as the encoder does). */
  private text(text: string): void {
    this.reserve(text.length * 3);
    this.length += scratch.write(text, this.length, 'utf8');
  }

  /**
   * UTF-8 of JSON.stringify(text), without the call for text that needs no escaping: a short one copied by
   * hand, a longer one searched and encoded natively (a call costs about as much as a dozen characters).
   */
  private json(text: string): void {
    this.reserve(text.length * 3 + 2);
    const out = scratch;
    let length = this.length;
    out[length++] = QUOTE;
    if (text.length <= SHORT_TEXT) {
      for (let at = 0; at < text.length; at += 1) {
        const code = text.charCodeAt(at);
        if (code < 0x20 || code === QUOTE || code === BACKSLASH || code >= 0x80) {
          this.escaped(text);
          return;
        }
        out[length++] = code;
      }
    } else {
      if (NEEDS_ESCAPE.test(text)) {
        this.escaped(text);
        return;
      }
      length += out.write(text, length, 'utf8');
    }
    out[length++] = QUOTE;
    this.length = length;
  }

  /** JSON.stringify(text) in UTF-8, for text with something to escape or beyond ASCII. */
  private escaped(text: string): void {
    this.text(NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`);
  }

  private reserve(bytes: number): void {
    if (this.length + bytes > scratch.length) this.grow(bytes);
  }

  private grow(bytes: number): void {
    const larger = Buffer.allocUnsafe(Math.max(scratch.length * 2, this.length + bytes));
    scratch.copy(larger, 0, 0, this.length);
    scratch = larger;
  }
}

/** `text.trim()`, without the copy when there is nothing to trim (plain characters at both ends). */
function trimmed(text: string): string {
  const length = text.length;
  if (length === 0) return text;
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(length - 1);
  return first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f ? text : text.trim();
}

/** Attribute names in code-unit order, the excluded ones left out. */
function attributeKeys(attrs: Record<string, string>, excludedAttrs: ReadonlySet<string>): string[] {
  return Object.keys(attrs)
    .filter((key) => !excludedAttrs.has(key))
    .sort();
}
