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
