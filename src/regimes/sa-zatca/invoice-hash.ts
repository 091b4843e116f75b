/**
 * ZATCA invoice hash (KSA-13 of the next invoice, the ds:Reference "invoiceSignedData" digest, QR tag 6).
 *
 * The XML implementation standard (BR-KSA-26) defines it as: remove `ext:UBLExtensions`, the
 * `cac:AdditionalDocumentReference` whose `cbc:ID` is "QR" and the document-level `cac:Signature`,
 * canonicalise with C14N 1.1, SHA-256, base64. Whitespace text around the removed nodes stays, exactly as
 * ZATCA's SDK (an XSLT identity transform) leaves it. Inclusive C14N 1.0 and 1.1 agree on UBL invoices
 * (they differ only on xml:* attributes, which UBL does not use).
 */
import { hash } from 'node:crypto';
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';

export interface InvoiceHash {
  /** base64 of the 32 digest bytes: what ZATCA publishes and chains as PIH. */
  hashBase64: string;
  hashBytes: Buffer;
}

export class InvoiceXmlError extends Error {
  override readonly name = 'InvoiceXmlError';
}

const NS_EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
const NS_CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const NS_CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

const canonicaliser = new C14nCanonicalization();

export function computeInvoiceHash(xml: string): InvoiceHash {
  const canonical = canonicalInvoiceForHash(xml);
  const hashBytes = hash('sha256', canonical, 'buffer');
  return { hashBase64: hashBytes.toString('base64'), hashBytes };
}

/** The exact UTF-8 text ZATCA hashes; exposed for diagnostics and tests. */
export function canonicalInvoiceForHash(xml: string): string {
  return canonicalFromText(xml) ?? canonicalFromDom(xml);
}

/** The general path: DOM, node removal, xml-crypto's inclusive C14N. */
export function canonicalFromDom(xml: string): string {
  const root = parseInvoice(xml);
  for (const node of nodesExcludedFromHash(root)) node.parentNode?.removeChild(node);
  return canonicaliser.process(root, {});
}

function parseInvoice(xml: string): Element {
  const errors: string[] = [];
  let root: Element | null = null;
  try {
    root = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') errors.push(message);
      },
    }).parseFromString(xml, 'text/xml').documentElement;
  } catch (cause) {
    errors.push((cause as Error).message);
  }
  if (errors.length > 0 || !root) {
    throw new InvoiceXmlError(`invoice XML is not well-formed: ${errors[0] ?? 'no root element'}`);
  }
  return root;
}

function nodesExcludedFromHash(root: Element): Node[] {
  const excluded: Node[] = [];
  // The SDK's XSLT drops UBLExtensions anywhere under the invoice, the QR reference anywhere, and only the
  // invoice's own cac:Signature child.
  excluded.push(...Array.from(root.getElementsByTagNameNS(NS_EXT, 'UBLExtensions')));
  for (const reference of Array.from(root.getElementsByTagNameNS(NS_CAC, 'AdditionalDocumentReference'))) {
    const id = firstChildElement(reference, NS_CBC, 'ID');
    if (id && (id.textContent ?? '').trim() === 'QR') excluded.push(reference);
  }
  const signature = firstChildElement(root, NS_CAC, 'Signature');
  if (signature) excluded.push(signature);
  return excluded;
}

function firstChildElement(parent: Element, namespace: string, localName: string): Element | undefined {
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    if (element.namespaceURI === namespace && element.localName === localName) return element;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Fast path. Most invoices (all of this project's mapper output) are already in canonical form once the
// declaration and the three nodes are cut out: namespaces declared only on the root, attributes in C14N
// order, double quotes, only &amp; &lt; &gt; (&quot; in attributes) as entities, no comments, CDATA, PIs,
// DOCTYPE or carriage returns. This path proves that token by token and returns undefined on the first
// doubt, leaving the document to the DOM path. It is many times faster than building a DOM: a scan with
// indexOf; start tags with attributes are checked by regular expression once and then remembered.

const NAME = '[A-Za-z_][\\w.-]*(?::[A-Za-z_][\\w.-]*)?';
const START_TAG = new RegExp(`^<(${NAME})((?: ${NAME}="(?:[^"&<\\t\\n\\r]|&amp;|&lt;|&quot;)*")*)(/?)>$`);
const NAME_AT = new RegExp(NAME, 'y');
const ATTRIBUTE = new RegExp(` (${NAME})="`, 'g');
const TEXT = /^(?:[^&<>\r]|&amp;|&lt;|&gt;)*$/;
/** Entities allowed anywhere in the fast path; which ones may stand where is checked per token. */
const OTHER_ENTITY = /&(?!amp;|lt;|gt;|quot;)/;
const PROLOG = /^\s*(<\?xml[^?]*\?>)?\s*$/;
const ROOT_START = /^<(?:[\w.-]+:)?Invoice[\s>]/;
const NAMESPACE_DECLARATION = /xmlns:([\w.-]+)="([^"]*)"/g;

export function canonicalFromText(xml: string): string | undefined {
  const rootStart = xml.search(/<[A-Za-z_]/);
  const rootEnd = xml.lastIndexOf('>');
  if (rootStart < 0 || rootEnd < rootStart) return undefined;
  if (!PROLOG.test(xml.slice(0, rootStart)) || xml.slice(rootEnd + 1).trim() !== '') return undefined;
  const body = withoutHashExcludedText(xml.slice(rootStart, rootEnd + 1));
  if (body === undefined || body.includes('\r')) return undefined;
  const hasEntities = body.includes('&');
  if (hasEntities && OTHER_ENTITY.test(body)) return undefined;
  return canonicalBody(body, hasEntities && body.includes('&quot;'));
}

/** The body with self-closing tags expanded, or undefined if any token is not already canonical. */
function canonicalBody(body: string, mayHaveQuotEntityInText: boolean): string | undefined {
  const open: string[] = [];
  let output = '';
  let copied = 0;
  let position = 0;
  let rootClosed = false;
  while (position < body.length) {
    const tagStart = body.indexOf('<', position);
    const tagEnd = body.indexOf('>', position);
    if (tagStart < 0 || tagEnd < tagStart || rootClosed) return undefined; // '>' in text, text after the root
    if (tagStart > position) {
      if (open.length === 0) return undefined;
      if (mayHaveQuotEntityInText && !TEXT.test(body.slice(position, tagStart))) return undefined;
    }
    if (body.charCodeAt(tagStart + 1) === 47 /* / */) {
      if (body.slice(tagStart + 2, tagEnd) !== open.pop()) return undefined;
      rootClosed = open.length === 0;
    } else {
      const tag = startTag(body, tagStart, tagEnd, position === 0);
      if (!tag) return undefined;
      if (tag.selfClosing) {
        output += `${body.slice(copied, tagEnd - 1)}></${tag.name}>`;
        copied = tagEnd + 1;
        rootClosed = open.length === 0;
      } else open.push(tag.name);
    }
    position = tagEnd + 1;
  }
  if (!rootClosed) return undefined;
  return copied === 0 ? body : output + body.slice(copied);
}

interface StartTag {
  name: string;
  selfClosing: boolean;
}

/** Start tags with attributes, checked once: invoices repeat them (currencyID="SAR" and the like). */
const knownStartTags = new Map<string, StartTag | null>();
/** Root tags apart: namespace declarations are canonical only there. */
const knownRootTags = new Map<string, StartTag | null>();
const KNOWN_START_TAG_LIMIT = 4096;

function startTag(body: string, start: number, end: number, isRoot: boolean): StartTag | undefined {
  if (!isRoot) {
    // Most tags have no attributes: the name alone, checked in place.
    NAME_AT.lastIndex = start + 1;
    if (!NAME_AT.test(body)) return undefined;
    if (NAME_AT.lastIndex === end) return { name: body.slice(start + 1, end), selfClosing: false };
  }
  const text = body.slice(start, end + 1);
  const known = isRoot ? knownRootTags : knownStartTags;
  let tag = known.get(text);
  if (tag === undefined) {
    tag = parseStartTag(text, isRoot);
    if (known.size >= KNOWN_START_TAG_LIMIT) known.clear();
    known.set(text, tag);
  }
  return tag ?? undefined;
}

function parseStartTag(text: string, isRoot: boolean): StartTag | null {
  const match = START_TAG.exec(text);
  if (!match || !attributesInCanonicalOrder(match[2], isRoot)) return null;
  return { name: match[1], selfClosing: match[3] === '/' };
}

interface HashExclusionMarkup {
  extensionsOpen?: string;
  extensionsClose?: string;
  referenceOpen: string;
  referenceClose: string;
  /** The cbc:ID first in a cac:AdditionalDocumentReference, matched where the reference opens. */
  referenceId: RegExp;
  signatureOpen: string;
  signatureClose: string;
}

function withoutHashExcludedText(body: string): string | undefined {
  if (!ROOT_START.test(body)) return undefined;
  const markup = exclusionMarkup(body.slice(0, body.indexOf('>') + 1));
  if (!markup) return undefined;
  let text = body;

  if (markup.extensionsOpen && markup.extensionsClose) {
    const start = text.indexOf(markup.extensionsOpen);
    if (start >= 0) {
      const end = text.indexOf(markup.extensionsClose, start);
      if (text.charCodeAt(start + markup.extensionsOpen.length) !== 62 /* > */ || end < 0) return undefined;
      text = text.slice(0, start) + text.slice(end + markup.extensionsClose.length);
      if (text.includes(markup.extensionsOpen)) return undefined;
    }
  }

  let searchFrom = 0;
  for (;;) {
    const start = text.indexOf(markup.referenceOpen, searchFrom);
    if (start < 0) break;
    const end = text.indexOf(markup.referenceClose, start);
    if (text.charCodeAt(start + markup.referenceOpen.length) !== 62 /* > */ || end < 0) return undefined;
    markup.referenceId.lastIndex = start;
    const id = markup.referenceId.exec(text);
    if (!id) return undefined;
    if (id[1].trim() === 'QR') {
      text = text.slice(0, start) + text.slice(end + markup.referenceClose.length);
      searchFrom = start;
    } else searchFrom = end + markup.referenceClose.length;
  }

  const signature = text.indexOf(markup.signatureOpen);
  if (signature >= 0) {
    const end = text.indexOf(markup.signatureClose, signature);
    if (text.charCodeAt(signature + markup.signatureOpen.length) !== 62 /* > */ || end < 0) return undefined;
    text = text.slice(0, signature) + text.slice(end + markup.signatureClose.length);
    if (text.includes(markup.signatureOpen)) return undefined;
  }
  return text;
}

const exclusionMarkupByRootTag = new Map<string, HashExclusionMarkup | null>();

/** The tags to cut, spelled with the prefixes the root declares (cached: documents of one writer agree). */
function exclusionMarkup(rootTag: string): HashExclusionMarkup | undefined {
  let markup = exclusionMarkupByRootTag.get(rootTag);
  if (markup === undefined) {
    markup = exclusionMarkupOf(rootTag) ?? null;
    if (exclusionMarkupByRootTag.size >= 64) exclusionMarkupByRootTag.clear();
    exclusionMarkupByRootTag.set(rootTag, markup);
  }
  return markup ?? undefined;
}

function exclusionMarkupOf(rootTag: string): HashExclusionMarkup | undefined {
  const prefixes = new Map<string, string>();
  for (const [, prefix, uri] of rootTag.matchAll(NAMESPACE_DECLARATION)) {
    if (!prefixes.has(uri)) prefixes.set(uri, prefix);
  }
  const [ext, cac, cbc] = [prefixes.get(NS_EXT), prefixes.get(NS_CAC), prefixes.get(NS_CBC)];
  if (!cac || !cbc) return undefined;
  return {
    extensionsOpen: ext && `<${ext}:UBLExtensions`,
    extensionsClose: ext && `</${ext}:UBLExtensions>`,
    referenceOpen: `<${cac}:AdditionalDocumentReference`,
    referenceClose: `</${cac}:AdditionalDocumentReference>`,
    referenceId: new RegExp(`<${cac}:AdditionalDocumentReference>\\s*<${cbc}:ID>([^<]*)</${cbc}:ID>`, 'y'),
    signatureOpen: `<${cac}:Signature`,
    signatureClose: `</${cac}:Signature>`,
  };
}

/** Namespace declarations only on the root, default first then by prefix; then plain attributes by name. */
function attributesInCanonicalOrder(attributes: string, isRoot: boolean): boolean {
  if (attributes === '') return true;
  const names = [...attributes.matchAll(ATTRIBUTE)].map((match) => match[1]);
  const keys: string[] = [];
  for (const name of names) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (!isRoot) return false;
      keys.push(`0${name === 'xmlns' ? '' : name.slice(6)}`);
    } else if (name.includes(':')) {
      return false;
    } else keys.push(`1${name}`);
  }
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] >= keys[i]) return false;
  return true;
}
