/**
 * The simulator's own reading of ZATCA's invoice hash, written from the SDK's hashing XSLT and the XML
 * implementation standard (BR-KSA-26), independently of the product's implementation so that a bug there
 * cannot pass here: drop every `UBLExtensions` element under the invoice, every
 * `AdditionalDocumentReference` whose `cbc:ID` is "QR" (normalised text) and the invoice's own
 * `Signature` child — matched by local name, as the XSLT's `local-name()` tests do — then canonicalise
 * (C14N), SHA-256, base64.
 */
import { createHash } from 'node:crypto';
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';

/** KSA-13 of an EGS unit's first invoice: base64 of the hex SHA-256 of "0" (standard, section on PIH). */
export const FIRST_PREVIOUS_INVOICE_HASH = Buffer.from(
  createHash('sha256').update('0').digest('hex'),
  'utf8',
).toString('base64');

const ELEMENT_NODE = 1;

/** base64 SHA-256 of the invoice as ZATCA hashes it; throws when the text is not well-formed XML. */
export function zatcaInvoiceHash(xml: string): string {
  const problems: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') problems.push(message);
    },
  }).parseFromString(xml, 'text/xml');
  const invoice = document.documentElement;
  if (problems.length > 0 || !invoice) throw new Error(`not well-formed XML: ${problems.join('; ')}`);
  for (const node of hashExclusions(invoice)) node.parentNode?.removeChild(node);
  const canonical = new C14nCanonicalization().process(invoice, {});
  return createHash('sha256').update(canonical, 'utf8').digest('base64');
}

function hashExclusions(invoice: Element): Node[] {
  const excluded: Node[] = [];
  for (const element of descendants(invoice)) {
    if (element.localName === 'UBLExtensions') excluded.push(element);
    else if (element.localName === 'AdditionalDocumentReference' && isQrReference(element))
      excluded.push(element);
  }
  for (const child of children(invoice)) if (child.localName === 'Signature') excluded.push(child);
  return excluded;
}

function isQrReference(reference: Element): boolean {
  return children(reference).some(
    (child) => child.localName === 'ID' && (child.textContent ?? '').replace(/\s+/g, ' ').trim() === 'QR',
  );
}

function children(parent: Element): Element[] {
  const found: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === ELEMENT_NODE) found.push(child as Element);
  }
  return found;
}

function* descendants(parent: Element): Generator<Element> {
  for (const child of children(parent)) {
    yield child;
    yield* descendants(child);
  }
}
