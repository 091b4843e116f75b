import { createHash } from 'node:crypto';
import {
  canonicalFromDom,
  canonicalFromText,
  canonicalInvoiceForHash,
  computeInvoiceHash,
  InvoiceXmlError,
} from './invoice-hash';

const NS =
  'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ' +
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" ' +
  'xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"';

const body =
  '<cbc:ProfileID>reporting:1.0</cbc:ProfileID><cbc:ID>A&amp;B</cbc:ID>' +
  '<cac:AdditionalDocumentReference><cbc:ID>PIH</cbc:ID></cac:AdditionalDocumentReference>';
const stamp =
  '<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID><cac:Attachment/></cac:AdditionalDocumentReference>' +
  '<cac:Signature><cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID></cac:Signature>';
const party = '<cac:AccountingSupplierParty><cac:Party/></cac:AccountingSupplierParty>';

describe('computeInvoiceHash', () => {
  it('hashes the C14N form: no declaration, empty elements expanded, namespaces kept on the root', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice ${NS}>${body}${party}</Invoice>`;
    const canonical = canonicalInvoiceForHash(xml);
    expect(canonical.startsWith(`<Invoice ${NS}>`)).toBe(true);
    expect(canonical).toContain('<cac:Party></cac:Party>');
    expect(canonical).toContain('<cbc:ID>A&amp;B</cbc:ID>');
    const { hashBase64, hashBytes } = computeInvoiceHash(xml);
    expect(hashBytes).toEqual(createHash('sha256').update(canonical).digest());
    expect(hashBase64).toBe(hashBytes.toString('base64'));
  });

  it('ignores UBLExtensions, the QR reference and cac:Signature', () => {
    const unsigned = `<Invoice ${NS}>${body}${party}</Invoice>`;
    const signed = `<Invoice ${NS}><ext:UBLExtensions><ext:UBLExtension/></ext:UBLExtensions>${body}${stamp}${party}</Invoice>`;
    expect(computeInvoiceHash(signed).hashBase64).toBe(computeInvoiceHash(unsigned).hashBase64);
  });

  it('keeps the other AdditionalDocumentReferences and any content change', () => {
    const original = computeInvoiceHash(`<Invoice ${NS}>${body}${party}</Invoice>`).hashBase64;
    const withoutPih = `<Invoice ${NS}><cbc:ProfileID>reporting:1.0</cbc:ProfileID><cbc:ID>A&amp;B</cbc:ID>${party}</Invoice>`;
    expect(computeInvoiceHash(withoutPih).hashBase64).not.toBe(original);
    const edited = `<Invoice ${NS}>${body.replace('A&amp;B', 'A&amp;C')}${party}</Invoice>`;
    expect(computeInvoiceHash(edited).hashBase64).not.toBe(original);
  });

  it('keeps whitespace that sat around the removed nodes, as ZATCA does', () => {
    const tight = `<Invoice ${NS}>${body}${stamp}${party}</Invoice>`;
    const spaced = `<Invoice ${NS}>${body}\n    ${stamp}${party}</Invoice>`;
    expect(computeInvoiceHash(spaced).hashBase64).not.toBe(computeInvoiceHash(tight).hashBase64);
  });

  it('throws InvoiceXmlError on malformed XML', () => {
    expect(() => computeInvoiceHash(`<Invoice ${NS}><cbc:ID>1</cbc:ProfileID></Invoice>`)).toThrow(
      InvoiceXmlError,
    );
  });
});

describe('canonicalFromText (fast path)', () => {
  it('matches the DOM canonicaliser on mapper-shaped documents', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><Invoice ${NS}><ext:UBLExtensions><x/></ext:UBLExtensions>${body}${stamp}<cbc:Amount currencyID="SAR">1.00</cbc:Amount>${party}</Invoice>`;
    expect(canonicalFromText(xml)).toBe(canonicalFromDom(xml));
  });

  it.each([
    ['a comment', `<Invoice ${NS}><!-- c -->${party}</Invoice>`],
    ['a namespace below the root', `<Invoice ${NS}><cbc:ID xmlns:x="urn:x">1</cbc:ID></Invoice>`],
    [
      'attributes out of C14N order',
      `<Invoice ${NS}><cbc:ID schemeID="b" schemeAgencyID="a">1</cbc:ID></Invoice>`,
    ],
    ['single-quoted attributes', `<Invoice ${NS}><cbc:ID schemeID='a'>1</cbc:ID></Invoice>`],
    ['a character reference', `<Invoice ${NS}><cbc:ID>&#65;</cbc:ID></Invoice>`],
  ])('leaves %s to the DOM path, which still hashes it', (_case, xml) => {
    expect(canonicalFromText(xml)).toBeUndefined();
    expect(computeInvoiceHash(xml).hashBase64).toBe(
      createHash('sha256').update(canonicalFromDom(xml)).digest('base64'),
    );
  });
});
