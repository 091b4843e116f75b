/**
 * Reads the facts the sandbox checks out of a signed UBL invoice: identity, chain, signature parts,
 * QR, parties and totals. Tolerant: a missing element gives undefined, and the checks report it.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';

const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
} as const;

export interface InvoiceFacts {
  uuid?: string;
  id?: string;
  issueDate?: string;
  typeCode?: string;
  /** BT-5: the document currency; BT-6: the tax (accounting) currency, SAR. */
  currency?: string;
  taxCurrency?: string;
  /** KSA-2 flags, e.g. `0100000`: positions 1-2 `01` standard, `02` simplified; position 5 export. */
  typeName?: string;
  kind?: 'standard' | 'simplified';
  icv?: string;
  pih?: string;
  qr?: string;
  signatureValue?: string;
  digestValue?: string;
  certificateBase64?: string;
  sellerName?: string;
  sellerVat?: string;
  sellerBuildingNumber?: string;
  sellerPostalCode?: string;
  buyerName?: string;
  buyerVat?: string;
  lineNetAmounts: string[];
  totals: {
    lineExtension?: string;
    allowanceTotal?: string;
    chargeTotal?: string;
    taxExclusive?: string;
    taxInclusive?: string;
    prepaid?: string;
    rounding?: string;
    payable?: string;
    /** Every cac:TaxTotal/cbc:TaxAmount in document order (the QR's tag 5 is the first one's). */
    taxAmounts: string[];
    /**
     * BT-110, the VAT total in the document currency: the cac:TaxTotal with the breakdown (BG-23) in
     * that currency. A foreign-currency invoice also carries BT-111 in SAR, and it comes first.
     */
    taxTotal?: string;
  };
}

export function parseInvoiceXml(xml: string): { facts?: InvoiceFacts; error?: string } {
  const errors: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => void (level !== 'warning' && errors.push(message)),
  }).parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (errors.length > 0 || !root) return { error: errors[0] ?? 'no root element' };
  if (root.namespaceURI !== NS.inv || root.localName !== 'Invoice')
    return { error: 'root element is not a UBL 2.1 Invoice' };

  const reference = (id: string) =>
    children(root, NS.cac, 'AdditionalDocumentReference').find(
      (ref) => text(child(ref, NS.cbc, 'ID')) === id,
    );
  const attachment = (id: string) =>
    text(path(reference(id), [NS.cac, 'Attachment'], [NS.cbc, 'EmbeddedDocumentBinaryObject']));
  const typeCodeElement = child(root, NS.cbc, 'InvoiceTypeCode');
  const typeName = typeCodeElement?.getAttribute('name') ?? undefined;
  const signature = descendant(root, NS.ds, 'Signature');
  const invoiceReference = signature
    ? Array.from(signature.getElementsByTagNameNS(NS.ds, 'Reference')).find(
        (ref) => ref.getAttribute('Id') === 'invoiceSignedData',
      )
    : undefined;
  const seller = path(root, [NS.cac, 'AccountingSupplierParty'], [NS.cac, 'Party']);
  const buyer = path(root, [NS.cac, 'AccountingCustomerParty'], [NS.cac, 'Party']);
  const monetary = child(root, NS.cac, 'LegalMonetaryTotal');
  const amount = (name: string) => text(child(monetary, NS.cbc, name));
  const currency = text(child(root, NS.cbc, 'DocumentCurrencyCode'));
  const taxTotals = children(root, NS.cac, 'TaxTotal');
  const inDocumentCurrency = taxTotals.filter(
    (total) => child(total, NS.cbc, 'TaxAmount')?.getAttribute('currencyID') === currency,
  );
  const documentTaxTotal =
    inDocumentCurrency.find((total) => child(total, NS.cac, 'TaxSubtotal')) ?? inDocumentCurrency[0];

  return {
    facts: {
      uuid: text(child(root, NS.cbc, 'UUID')),
      id: text(child(root, NS.cbc, 'ID')),
      issueDate: text(child(root, NS.cbc, 'IssueDate')),
      typeCode: text(typeCodeElement),
      typeName,
      currency,
      taxCurrency: text(child(root, NS.cbc, 'TaxCurrencyCode')),
      kind: typeName?.startsWith('01') ? 'standard' : typeName?.startsWith('02') ? 'simplified' : undefined,
      icv: text(child(reference('ICV'), NS.cbc, 'UUID')),
      pih: attachment('PIH'),
      qr: attachment('QR'),
      signatureValue: text(signature ? child(signature, NS.ds, 'SignatureValue') : undefined)?.replace(
        /\s+/g,
        '',
      ),
      digestValue: text(invoiceReference ? child(invoiceReference, NS.ds, 'DigestValue') : undefined),
      certificateBase64: text(
        signature ? descendant(signature, NS.ds, 'X509Certificate') : undefined,
      )?.replace(/\s+/g, ''),
      sellerName: text(path(seller, [NS.cac, 'PartyLegalEntity'], [NS.cbc, 'RegistrationName'])),
      sellerVat: text(path(seller, [NS.cac, 'PartyTaxScheme'], [NS.cbc, 'CompanyID'])),
      sellerBuildingNumber: text(path(seller, [NS.cac, 'PostalAddress'], [NS.cbc, 'BuildingNumber'])),
      sellerPostalCode: text(path(seller, [NS.cac, 'PostalAddress'], [NS.cbc, 'PostalZone'])),
      buyerName: text(path(buyer, [NS.cac, 'PartyLegalEntity'], [NS.cbc, 'RegistrationName'])),
      buyerVat: text(path(buyer, [NS.cac, 'PartyTaxScheme'], [NS.cbc, 'CompanyID'])),
      lineNetAmounts: children(root, NS.cac, 'InvoiceLine').map(
        (line) => text(child(line, NS.cbc, 'LineExtensionAmount')) ?? '',
      ),
      totals: {
        lineExtension: amount('LineExtensionAmount'),
        allowanceTotal: amount('AllowanceTotalAmount'),
        chargeTotal: amount('ChargeTotalAmount'),
        taxExclusive: amount('TaxExclusiveAmount'),
        taxInclusive: amount('TaxInclusiveAmount'),
        prepaid: amount('PrepaidAmount'),
        rounding: amount('PayableRoundingAmount'),
        payable: amount('PayableAmount'),
        taxAmounts: taxTotals.map((total) => text(child(total, NS.cbc, 'TaxAmount')) ?? ''),
        taxTotal: text(child(documentTaxTotal, NS.cbc, 'TaxAmount')),
      },
    },
  };
}

function children(parent: Element | undefined, ns: string, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent?.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).namespaceURI === ns && (node as Element).localName === name)
      found.push(node as Element);
  }
  return found;
}

function child(parent: Element | undefined, ns: string, name: string): Element | undefined {
  return children(parent, ns, name)[0];
}

function path(parent: Element | undefined, ...steps: [string, string][]): Element | undefined {
  return steps.reduce<Element | undefined>((element, [ns, name]) => child(element, ns, name), parent);
}

function descendant(parent: Element, ns: string, name: string): Element | undefined {
  return parent.getElementsByTagNameNS(ns, name)[0] ?? undefined;
}

function text(element: Element | undefined): string | undefined {
  const value = element?.textContent?.trim();
  return value === undefined || value === '' ? undefined : value;
}
