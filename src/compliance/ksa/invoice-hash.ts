/**
 * ZATCA invoice hash (KSA-13 of the next invoice, the ds:Reference "invoiceSignedData" digest, QR tag 6).
 *
 * The XML implementation standard (BR-KSA-26) defines it as: remove `ext:UBLExtensions`, the
 * `cac:AdditionalDocumentReference` whose `cbc:ID` is "QR" and the document-level `cac:Signature`,
 * canonicalise with C14N 1.1, SHA-256, base64. Whitespace text around the removed nodes stays, exactly as
 * ZATCA's SDK (an XSLT identity transform) leaves it. Inclusive C14N 1.0 and 1.1 agree on UBL invoices
 * (they differ only on xml:* attributes, which UBL does not use).
 */
import { createHash } from 'node:crypto';
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
  const hashBytes = createHash('sha256').update(canonical, 'utf8').digest();
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
// doubt, leaving the document to the DOM path. It is several times faster than building a DOM.

const NAME = '[A-Za-z_][\\w.-]*(?::[A-Za-z_][\\w.-]*)?';
const TOKEN = /<[^>]*>|[^<]+/g;
const START_TAG = new RegExp(`^<(${NAME})((?: ${NAME}="(?:[^"&<\\t\\n\\r]|&amp;|&lt;|&quot;)*")*)(/?)>$`);
const END_TAG = new RegExp(`^</(${NAME})>$`);
const ATTRIBUTE = new RegExp(` (${NAME})="`, 'g');
const TEXT = /^(?:[^&<>\r]|&amp;|&lt;|&gt;)*$/;

export function canonicalFromText(xml: string): string | undefined {
  const rootStart = xml.search(/<[A-Za-z_]/);
  const rootEnd = xml.lastIndexOf('>');
  if (rootStart < 0 || rootEnd < rootStart) return undefined;
  const prolog = xml.slice(0, rootStart);
  if (!/^\s*(<\?xml[^?]*\?>)?\s*$/.test(prolog) || xml.slice(rootEnd + 1).trim() !== '') return undefined;
  const body = withoutHashExcludedText(xml.slice(rootStart, rootEnd + 1));
  if (body === undefined) return undefined;

  let output = '';
  const open: string[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(body); match; match = TOKEN.exec(body)) {
    const token = match[0];
    if (token[0] !== '<') {
      if (!TEXT.test(token)) return undefined;
      output += token;
      continue;
    }
    if (token[1] === '/') {
      if (END_TAG.exec(token)?.[1] !== open.pop()) return undefined;
      output += token;
      continue;
    }
    const start = START_TAG.exec(token);
    if (!start || !attributesInCanonicalOrder(start[2], output === '')) return undefined;
    if (start[3] === '/') output += `<${start[1]}${start[2]}></${start[1]}>`;
    else {
      open.push(start[1]);
      output += token;
    }
  }
  return open.length === 0 ? output : undefined;
}

function withoutHashExcludedText(body: string): string | undefined {
  const root = /^<(?:[\w.-]+:)?Invoice[\s>]/.exec(body);
  const rootTag = /^<[^>]*>/.exec(body)?.[0] ?? '';
  const prefix = (uri: string) => new RegExp(`xmlns:([\\w.-]+)="${uri}"`).exec(rootTag)?.[1];
  const [ext, cac, cbc] = [prefix(NS_EXT), prefix(NS_CAC), prefix(NS_CBC)];
  if (!root || !cac || !cbc) return undefined;
  let text = body;
  if (ext) {
    const opening = new RegExp(`<${ext}:UBLExtensions[\\s>/]`, 'g');
    const count = text.match(opening)?.length ?? 0;
    if (count > 1) return undefined;
    text = text.replace(new RegExp(`<${ext}:UBLExtensions>[\\s\\S]*?</${ext}:UBLExtensions>`), '');
    if (text.includes(`<${ext}:UBLExtensions`)) return undefined;
  }
  const reference = new RegExp(
    `<${cac}:AdditionalDocumentReference>[\\s\\S]*?</${cac}:AdditionalDocumentReference>`,
    'g',
  );
  let doubtful = false;
  text = text.replace(reference, (element) => {
    const id = new RegExp(`^<${cac}:AdditionalDocumentReference>\\s*<${cbc}:ID>([^<]*)</${cbc}:ID>`).exec(
      element,
    );
    if (!id) doubtful = true;
    return id && id[1].trim() === 'QR' ? '' : element;
  });
  const signatures = text.match(new RegExp(`<${cac}:Signature[\\s>/]`, 'g'))?.length ?? 0;
  if (doubtful || signatures > 1 || text.includes(`<${cac}:AdditionalDocumentReference `)) return undefined;
  text = text.replace(new RegExp(`<${cac}:Signature>[\\s\\S]*?</${cac}:Signature>`), '');
  if (text.includes(`<${cac}:Signature`)) return undefined;
  return text;
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
