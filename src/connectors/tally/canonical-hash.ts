/**
 * SHA-256 over the canonical form of a parsed element: `<NAME KEY="value"...>` with attributes sorted and
 * the excluded ones left out, a leaf's trimmed text as a JSON string, children in order (excluded names
 * skipped at any depth), `</NAME>`; hashed as UTF-8. The form is built as one string of cached tag texts
 * and the leaves' texts, and encoded once by the hash: measured on the pull's 10-line vouchers, this costs
 * less than writing it byte by byte into a buffer, which in turn cost less than building it with arrays.
 */
import { createHash } from 'node:crypto';
import { NO_ATTRIBUTES, type TallyNode } from './xml/tally-node';

/** Text JSON.stringify leaves as it is, inside the quotes: printable ASCII but `"` and `\`. */
const PLAIN_JSON = /^[ !#-[\]-~]*$/;

export function canonicalHash(
  node: TallyNode,
  excluded: ReadonlySet<string>,
  excludedAttrs: ReadonlySet<string>,
): string {
  const form = new CanonicalForm(excluded, excludedAttrs);
  return createHash('sha256')
    .update(form.element(form.tagsOf(node.name), node), 'utf8')
    .digest('hex');
}

/** What the form needs of an element name, built once. */
interface Tags {
  /** `<NAME` and `<NAME>` (for elements without attributes kept in the form). */
  open: string;
  openEnded: string;
  /** `</NAME>` */
  close: string;
  /** Whether elements of this name are left out (with their content). */
  excluded: boolean;
}

/** Tags by element name, one table per set of excluded names (a connector has one). */
const TABLES = new WeakMap<ReadonlySet<string>, Map<string, Tags>>();
/** Names remembered per table: Tally uses a few hundred; past the cap they are built each time. */
const MAX_TAGS = 4096;

function tagTable(excluded: ReadonlySet<string>): Map<string, Tags> {
  let table = TABLES.get(excluded);
  if (table === undefined) {
    table = new Map();
    TABLES.set(excluded, table);
  }
  return table;
}

class CanonicalForm {
  private readonly tags: Map<string, Tags>;

  constructor(
    private readonly excluded: ReadonlySet<string>,
    private readonly excludedAttrs: ReadonlySet<string>,
  ) {
    this.tags = tagTable(excluded);
  }

  element(tags: Tags, node: TallyNode): string {
    const attrs = node.attrs;
    let form = attrs === NO_ATTRIBUTES ? tags.openEnded : this.openTag(tags, attrs);
    const children = node.children;
    if (children.length === 0) return form + json(trimmed(node.text)) + tags.close;
    for (let index = 0; index < children.length; index += 1) {
      const child = children[index];
      const childTags = this.tagsOf(child.name);
      if (!childTags.excluded) form += this.element(childTags, child);
    }
    return form + tags.close;
  }

  tagsOf(name: string): Tags {
    let tags = this.tags.get(name);
    if (tags === undefined) {
      tags = {
        open: `<${name}`,
        openEnded: `<${name}>`,
        close: `</${name}>`,
        excluded: this.excluded.has(name),
      };
      if (this.tags.size < MAX_TAGS) this.tags.set(name, tags);
    }
    return tags;
  }

  /** `<NAME KEY="value"...>` with the kept attributes, or `<NAME>` when none is kept. */
  private openTag(tags: Tags, attrs: Record<string, string>): string {
    let count = 0;
    let kept: string | undefined;
    for (const key in attrs) {
      count += 1;
      if (!this.excludedAttrs.has(key)) kept = key;
    }
    // Usually one attribute (TYPE, excluded): the sorted list is built only for more.
    if (kept === undefined) return tags.openEnded;
    let form = tags.open;
    for (const key of count === 1 ? [kept] : attributeKeys(attrs, this.excludedAttrs)) {
      form += ` ${key}=${json(attrs[key])}`;
    }
    return `${form}>`;
  }
}

/** JSON.stringify(text), without the call for text that needs no escaping (nearly all). */
function json(text: string): string {
  return PLAIN_JSON.test(text) ? `"${text}"` : JSON.stringify(text);
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
