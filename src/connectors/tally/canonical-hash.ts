/**
 * SHA-256 over the canonical form of a parsed element: `<NAME KEY="value"...>` with attributes sorted and
 * the excluded ones left out, a leaf's trimmed text as a JSON string, children in order (excluded names
 * skipped at any depth), `</NAME>`; hashed as UTF-8. The form is written straight into a reused byte
 * buffer: building it as a string first cost several times the hashing itself.
 */
import { createHash } from 'node:crypto';
import type { TallyNode } from './xml/tally-node';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export function canonicalHash(
  node: TallyNode,
  excluded: ReadonlySet<string>,
  excludedAttrs: ReadonlySet<string>,
): string {
  const writer = new CanonicalWriter();
  writer.element(node, excluded, excludedAttrs);
  return createHash('sha256').update(writer.bytes()).digest('hex');
}

/** Scratch space shared by all calls (hashing is synchronous); grows to the largest voucher seen. */
let scratch = Buffer.allocUnsafe(64 * 1024);

class CanonicalWriter {
  private length = 0;

  bytes(): Buffer {
    return scratch.subarray(0, this.length);
  }

  element(node: TallyNode, excluded: ReadonlySet<string>, excludedAttrs: ReadonlySet<string>): void {
    this.byte(0x3c);
    this.text(node.name);
    const keys = attributeKeys(node.attrs, excludedAttrs);
    for (const key of keys) {
      this.byte(0x20);
      this.text(key);
      this.byte(0x3d);
      this.json(node.attrs[key]);
    }
    this.byte(0x3e);
    const children = node.children;
    if (children.length === 0) this.json(node.text.trim());
    for (const child of children) {
      if (!excluded.has(child.name)) this.element(child, excluded, excludedAttrs);
    }
    this.byte(0x3c);
    this.byte(0x2f);
    this.text(node.name);
    this.byte(0x3e);
  }

  private byte(value: number): void {
    if (this.length >= scratch.length) this.grow(1);
    scratch[this.length++] = value;
  }

  /** UTF-8 of `text`; ASCII copied by hand, anything else by the encoder (which also replaces lone surrogates). */
  private text(text: string): void {
    this.reserve(text.length * 3);
    const out = scratch;
    const start = this.length;
    let length = start;
    for (let at = 0; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      if (code >= 0x80) {
        this.length = start + out.write(text, start, 'utf8');
        return;
      }
      out[length++] = code;
    }
    this.length = length;
  }

  /** UTF-8 of JSON.stringify(text), without the call for text that needs no escaping. */
  private json(text: string): void {
    this.reserve(text.length * 3 + 2);
    const out = scratch;
    let length = this.length;
    out[length++] = QUOTE;
    for (let at = 0; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      if (code < 0x20 || code === QUOTE || code === BACKSLASH || code >= 0x80) {
        this.text(JSON.stringify(text));
        return;
      }
      out[length++] = code;
    }
    out[length++] = QUOTE;
    this.length = length;
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

const NO_KEYS: readonly string[] = [];

/** Attribute names in code-unit order, the excluded ones left out. */
function attributeKeys(attrs: Record<string, string>, excludedAttrs: ReadonlySet<string>): readonly string[] {
  const keys = Object.keys(attrs);
  if (keys.length === 0) return keys;
  if (keys.length === 1) return excludedAttrs.has(keys[0]) ? NO_KEYS : keys;
  return keys.filter((key) => !excludedAttrs.has(key)).sort();
}
