import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildZatcaInvoiceXml } from '../../mappers/ksa-ubl';
import { createTestSigningMaterial } from '../../../test/ksa-xml/support/test-certificate';
import { sharedZatcaReferenceDir } from '../../../test/ksa-xml/support/zatca-check';
import { INITIAL_PIH, zatcaVariants } from '../../../test/ksa-xml/support/zatca-variants';
import {
  canonicalFromDom,
  canonicalFromText,
  canonicalInvoiceForHash,
  computeInvoiceHash,
  InvoiceXmlError,
} from './invoice-hash';
import { signInvoice } from './signer';

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

describe('canonicalFromText (fast path) against the DOM path', () => {
  const material = createTestSigningMaterial();

  it.each(zatcaVariants('2024-09-03').map((variant) => [variant.name, variant.invoice] as const))(
    '%s: the same canonical text, unsigned and signed',
    (_name, invoice) => {
      const built = buildZatcaInvoiceXml(invoice, { icv: 1, pih: INITIAL_PIH, uuid: 'uuid-1' });
      if (!built.ok) throw new Error(JSON.stringify(built.errors));
      const { signedXml } = signInvoice(built.value, material);
      for (const xml of [built.value, signedXml]) {
        expect(canonicalFromText(xml)).toBeDefined();
        expect(canonicalFromText(xml)).toBe(canonicalFromDom(xml));
      }
    },
  );

  const reference = sharedZatcaReferenceDir();
  const samples = reference ? xmlFilesUnder(join(reference, 'samples-R3.4.8')) : [];
  (samples.length > 0 ? it : it.skip)(
    'agrees with the DOM path and the published digest on every official sample (../shared/reference)',
    () => {
      for (const file of samples.filter((name) => !name.endsWith('_Error.xml'))) {
        const xml = readFileSync(file, 'utf8');
        const fast = canonicalFromText(xml);
        if (fast !== undefined)
          expect({ file, canonical: fast }).toEqual({ file, canonical: canonicalFromDom(xml) });
        const published = /<ds:Reference Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)</.exec(
          xml,
        )?.[1];
        expect({ file, hash: computeInvoiceHash(xml).hashBase64 }).toEqual({ file, hash: published?.trim() });
      }
    },
  );

  it.each([
    ['text after the root element', `<Invoice ${NS}>${party}</Invoice><cac:Party/>`],
    ['a ">" in text', `<Invoice ${NS}><cbc:ID>a>b</cbc:ID>${party}</Invoice>`],
    ['"&quot;" in text', `<Invoice ${NS}><cbc:ID>a&quot;b</cbc:ID>${party}</Invoice>`],
    ['"&gt;" in an attribute', `<Invoice ${NS}><cbc:ID schemeID="a&gt;b">1</cbc:ID>${party}</Invoice>`],
    ['a carriage return', `<Invoice ${NS}><cbc:Note>a\r\nb</cbc:Note>${party}</Invoice>`],
    ['an empty QR-like reference', `<Invoice ${NS}><cac:AdditionalDocumentReference/>${party}</Invoice>`],
  ])('leaves %s to the DOM path', (_case, xml) => {
    expect(canonicalFromText(xml)).toBeUndefined();
  });

  it.each([
    ['a mismatched end tag', `<Invoice ${NS}><cbc:ID>1</cbc:Note>${party}</Invoice>`],
    ['an unclosed element', `<Invoice ${NS}><cbc:ID>1${party}</Invoice>`],
    ['two root elements', `<Invoice ${NS}>${party}</Invoice><Invoice ${NS}/>`],
  ])('does not hash %s: the DOM path refuses it', (_case, xml) => {
    expect(canonicalFromText(xml)).toBeUndefined();
    expect(() => computeInvoiceHash(xml)).toThrow(InvoiceXmlError);
  });

  it('expands empty elements with attributes and keeps the rest of the text as is', () => {
    const xml = `<Invoice ${NS}><cbc:Amount currencyID="SAR"/>${body}${party}</Invoice>`;
    expect(canonicalFromText(xml)).toBe(
      `<Invoice ${NS}><cbc:Amount currencyID="SAR"></cbc:Amount>${body}<cac:AccountingSupplierParty><cac:Party></cac:Party></cac:AccountingSupplierParty></Invoice>`,
    );
    expect(canonicalFromText(xml)).toBe(canonicalFromDom(xml));
  });
});

function xmlFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return xmlFilesUnder(path);
    return path.endsWith('.xml') ? [path] : [];
  });
}
