/**
 * An XML writer whose markup comes from xmlbuilder2, rendered once per document *shape* and reused.
 *
 * Building a DOM with xmlbuilder2 costs ~10 µs an element (its callback writer, createCB, makes a fragment
 * document per element and measured 4x slower still), more than signing the invoice. Yet invoices of one
 * ERP have few shapes: the same elements and attributes in the same order, only the values differ. So the
 * writer records the shape (element and attribute names, nesting) and the values separately. The first
 * time a shape is seen, xmlbuilder2 serialises it with a placeholder in every value slot; the text
 * between placeholders is kept, and every later document of that shape is those pieces with its own
 * values escaped in between, exactly as xmlbuilder2 escapes them (templated-xml-writer.spec proves the
 * two agree, also on hostile values).
 *
 * Values are text: `&` is always written as `&amp;`. (xmlbuilder2 alone leaves `&name;` alone, which
 * would turn an ERP's literal "&nbsp;" into an undefined entity.)
 */
import { create } from 'xmlbuilder2';
import { type XMLBuilder } from 'xmlbuilder2/lib/interfaces';

export interface XmlRootElement {
  namespace: string;
  name: string;
  /** Namespace declarations and other attributes of the root, written as given. */
  attributes: Record<string, string>;
}

export type XmlAttributes = Readonly<Record<string, string>>;

/** U+E000 (private use) cannot be part of an XML name and never leaves this module. */
const SLOT = '\uE000';

// The shape is a short string: one character says open / text element / close, one character stands for
// each element or attribute name (names are numbered as first seen). Values are not in it: each attribute
// and each text element has a slot, filled from `values` in document order.
const OPEN = '\u0001';
const LEAF = '\u0002';
const CLOSE = '\u0003';
const FIRST_NAME_CODE = 0x100;
const LAST_NAME_CODE = 0xd7ff;

const nameCodes = new Map<string, string>();
const namesByCode = new Map<string, string>();

function nameCode(name: string): string {
  let code = nameCodes.get(name);
  if (code === undefined) {
    const next = FIRST_NAME_CODE + nameCodes.size;
    if (next > LAST_NAME_CODE) throw new Error('too many distinct XML names for the template writer');
    code = String.fromCharCode(next);
    nameCodes.set(name, code);
    namesByCode.set(code, name);
  }
  return code;
}

const TEMPLATE_LIMIT = 256;

interface Template {
  pieces: string[];
  /** Per slot: true when it is an attribute value (also escapes the double quote). */
  inAttribute: boolean[];
}

const templates = new Map<string, Template>();
const rootKeys = new WeakMap<XmlRootElement, string>();

export class TemplatedXmlWriter {
  private shape: string;
  private readonly values: string[] = [];
  private depth = 0;
  private readonly shapeStart: number;

  constructor(private readonly root: XmlRootElement) {
    // The root is part of the template key: the shape starts with it.
    let rootKey = rootKeys.get(root);
    if (rootKey === undefined) {
      rootKey = `${root.namespace} ${root.name} ${JSON.stringify(root.attributes)}\n`;
      rootKeys.set(root, rootKey);
    }
    this.shape = rootKey;
    this.shapeStart = rootKey.length;
  }

  open(name: string, attributes?: XmlAttributes): void {
    this.shape += OPEN + nameCode(name) + this.attributeNames(attributes);
    this.depth += 1;
  }

  close(): void {
    if (this.depth === 0) throw new Error('close() without open()');
    this.shape += CLOSE;
    this.depth -= 1;
  }

  /** An element opened, filled by `content`, closed. */
  element(name: string, content: () => void, attributes?: XmlAttributes): void {
    this.open(name, attributes);
    content();
    this.close();
  }

  /** An element holding one text value. */
  text(name: string, value: string, attributes?: XmlAttributes): void {
    this.shape += LEAF + nameCode(name) + this.attributeNames(attributes);
    this.values.push(value);
  }

  /** The document, from the cached template of its shape (rendered by xmlbuilder2 on first use). */
  toXml(): string {
    this.assertComplete();
    let template = templates.get(this.shape);
    if (!template) {
      template = compileTemplate(this.root, this.shape.slice(this.shapeStart));
      if (templates.size >= TEMPLATE_LIMIT) templates.delete(templates.keys().next().value as string);
      templates.set(this.shape, template);
    }
    return fill(template, this.values);
  }

  /** The document rendered by xmlbuilder2 with the real values, no template: the reference for toXml(). */
  toXmlWithoutTemplate(): string {
    this.assertComplete();
    return renderShape(this.root, this.shape.slice(this.shapeStart), (index) =>
      escapeAmpersands(this.values[index]),
    );
  }

  private attributeNames(attributes: XmlAttributes | undefined): string {
    if (!attributes) return '';
    let names = '';
    for (const name in attributes) {
      names += nameCode(name);
      this.values.push(attributes[name]);
    }
    return names;
  }

  private assertComplete(): void {
    if (this.depth !== 0) throw new Error(`${this.depth} element(s) left open`);
  }
}

function compileTemplate(root: XmlRootElement, shape: string): Template {
  const inAttribute: boolean[] = [];
  const xml = renderShape(root, shape, () => SLOT, inAttribute);
  const pieces = xml.split(SLOT);
  if (pieces.length !== inAttribute.length + 1) {
    throw new Error('a value slot was lost while rendering the XML template');
  }
  return { pieces, inAttribute };
}

/** Replays a shape into xmlbuilder2; `value(i)` gives the i-th value as xmlbuilder2 should receive it. */
function renderShape(
  root: XmlRootElement,
  shape: string,
  value: (index: number) => string,
  inAttribute: boolean[] = [],
): string {
  const document = create({ version: '1.0', encoding: 'UTF-8' });
  let current: XMLBuilder = document.ele(root.namespace, root.name, root.attributes);
  const attributesOf = (names: string[]): Record<string, string> | undefined => {
    if (names.length === 0) return undefined;
    const attributes: Record<string, string> = {};
    for (const name of names) {
      attributes[name] = value(inAttribute.length);
      inAttribute.push(true);
    }
    return attributes;
  };
  let at = 0;
  while (at < shape.length) {
    const operation = shape[at++];
    if (operation === CLOSE) {
      current = current.up();
      continue;
    }
    const name = namesByCode.get(shape[at++])!;
    const attributeNames: string[] = [];
    while (at < shape.length && shape.charCodeAt(at) >= FIRST_NAME_CODE)
      attributeNames.push(namesByCode.get(shape[at++])!);
    const element = current.ele(name, attributesOf(attributeNames));
    if (operation === OPEN) current = element;
    else {
      element.txt(value(inAttribute.length));
      inAttribute.push(false);
    }
  }
  return document.end({ prettyPrint: false });
}

function fill(template: Template, values: string[]): string {
  const { pieces, inAttribute } = template;
  let xml = pieces[0];
  for (let i = 0; i < values.length; i++) {
    xml += (inAttribute[i] ? escapeAttribute(values[i]) : escapeText(values[i])) + pieces[i + 1];
  }
  return xml;
}

// xmlbuilder2's serialiser escapes & < > in text and also " in attribute values; it receives `&` already
// escaped (escapeAmpersands), so the result is the plain escape of every one of these characters.
const TEXT_SPECIALS = /[&<>]/;
const ATTRIBUTE_SPECIALS = /[&<>"]/;

function escapeText(value: string): string {
  if (!TEXT_SPECIALS.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  if (!ATTRIBUTE_SPECIALS.test(value)) return value;
  return escapeText(value).replace(/"/g, '&quot;');
}

function escapeAmpersands(value: string): string {
  return value.replace(/&/g, '&amp;');
}
