/**
 * The simulator's own hash, QR reader and certificate reader against ZATCA's official SDK samples (one
 * kept beside this spec; all of R3.4.8 when ../shared/reference is present): each sample's published
 * invoiceSignedData digest is its hash, its QR carries that hash (tag 6) and, on simplified invoices,
 * the signature of its embedded certificate (tag 9).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { certificateSignature } from './certificate-signature';
import { readQrTlv } from './qr-tlv';
import { FIRST_PREVIOUS_INVOICE_HASH, zatcaInvoiceHash } from './zatca-invoice-hash';

const KEPT_SAMPLE = join(__dirname, '__fixtures__/zatca-sdk-simplified-invoice.xml');
const SHARED_SAMPLES = resolve(__dirname, '../../../../../shared/reference/zatca/samples-R3.4.8');

function xmlFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return xmlFilesUnder(path);
    return name.endsWith('.xml') && !name.endsWith('_Error.xml') ? [path] : [];
  });
}

const between = (xml: string, pattern: RegExp) => pattern.exec(xml)?.[1]?.trim();

interface Published {
  digest: string;
  qr: string;
  certificate: string;
  simplified: boolean;
}

function publishedValues(xml: string): Published {
  const digest = between(
    xml,
    /<ds:Reference[^>]*Id="invoiceSignedData"[^>]*>[\s\S]*?<ds:DigestValue>([^<]+)<\/ds:DigestValue>/,
  );
  const qr = between(
    xml,
    /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</,
  );
  const certificate = between(xml, /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/);
  const typeName = between(xml, /<cbc:InvoiceTypeCode name="(\d+)"/);
  if (!digest || !qr || !certificate || !typeName) throw new Error('not a signed ZATCA sample');
  return { digest, qr, certificate, simplified: typeName.startsWith('02') };
}

function expectConsistent(path: string): void {
  const xml = readFileSync(path, 'utf8');
  const published = publishedValues(xml);
  const hash = zatcaInvoiceHash(xml);
  expect({ path, hash }).toEqual({ path, hash: published.digest });
  const tags = readQrTlv(published.qr);
  expect(tags.get(6)?.toString('utf8')).toBe(hash);
  if (published.simplified) {
    const signature = certificateSignature(Buffer.from(published.certificate, 'base64'));
    expect(tags.get(9)?.equals(signature)).toBe(true);
  }
}

describe("the ZATCA simulator's own hash, QR and certificate readers", () => {
  it('agree with the kept official simplified invoice sample', () => {
    expectConsistent(KEPT_SAMPLE);
  });

  (existsSync(SHARED_SAMPLES) ? it : it.skip)('agree with every official R3.4.8 sample', () => {
    const samples = xmlFilesUnder(SHARED_SAMPLES);
    expect(samples.length).toBeGreaterThan(10);
    for (const sample of samples) expectConsistent(sample);
  });

  it('changes the hash when a hashed value changes, not when the signature block does', () => {
    const xml = readFileSync(KEPT_SAMPLE, 'utf8');
    const hash = zatcaInvoiceHash(xml);
    expect(zatcaInvoiceHash(xml.replace(/<cbc:IssueTime>[^<]+</, '<cbc:IssueTime>23:59:59<'))).not.toBe(hash);
    expect(zatcaInvoiceHash(xml.replace(/<ds:SignatureValue>[^<]+</, '<ds:SignatureValue>AAAA<'))).toBe(hash);
  });

  it('knows the first invoice hash of a chain', () => {
    expect(FIRST_PREVIOUS_INVOICE_HASH).toBe(
      'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
    );
  });

  it('refuses a QR payload whose record overruns it', () => {
    expect(() => readQrTlv(Buffer.from([1, 5, 65, 66]).toString('base64'))).toThrow(
      /longer than the payload/,
    );
  });
});
