import { createVerify } from 'node:crypto';
import { sampleSaudiInvoice } from '../../domain/__fixtures__';
import { buildZatcaInvoiceXml } from '../../mappers/ksa-ubl';
import { createTestSigningMaterial } from '../../../test/ksa-xml/support/test-certificate';
import { parseSigningCertificate } from './certificate';
import { computeInvoiceHash } from './invoice-hash';
import { decodeQrTlv } from './qr';
import { verifySignedInvoice } from '../../../test/support/zatca-signature-verification';
import { createInvoiceSigner, InvoiceSigningError, signInvoice } from './signer';

const material = createTestSigningMaterial();
const keys = { privateKeyPem: material.privateKeyPem, certificateBase64: material.certificateBase64 };
const chain = {
  icv: 7,
  pih: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
  uuid: '6f4d20e0-6bfe-4a80-9389-7dabe6620f12',
};

function unsignedXml(kind: 'standard' | 'simplified' = 'standard'): string {
  const invoice = sampleSaudiInvoice();
  invoice.ksa = { ...invoice.ksa!, invoiceKind: kind };
  const built = buildZatcaInvoiceXml(invoice, chain);
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  return built.value;
}

describe('signInvoice', () => {
  it('produces a document whose hash, signature, digests and QR all verify', () => {
    const signed = signInvoice(unsignedXml(), keys);
    expect(verifySignedInvoice(signed.signedXml)).toEqual({
      ok: true,
      invoiceHash: signed.invoiceHash,
      problems: [],
    });
  });

  it('does not change the invoice hash: the stamp is outside what is hashed', () => {
    const unsigned = unsignedXml();
    const signed = signInvoice(unsigned, keys);
    expect(signed.invoiceHash).toBe(computeInvoiceHash(unsigned).hashBase64);
    expect(computeInvoiceHash(signed.signedXml).hashBase64).toBe(signed.invoiceHash);
  });

  it('signs the 32 hash bytes with ECDSA-SHA256 (not SignedInfo)', () => {
    const signed = signInvoice(unsignedXml(), keys);
    const verifier = createVerify('sha256');
    verifier.update(Buffer.from(signed.invoiceHash, 'base64'));
    const certificate = parseSigningCertificate(material.certificateBase64);
    expect(verifier.verify(certificate.x509.publicKey, Buffer.from(signed.signatureValue, 'base64'))).toBe(
      true,
    );
  });

  it('places UBLExtensions first, then the QR reference after PIH and cac:Signature before the supplier', () => {
    const { signedXml } = signInvoice(unsignedXml(), keys);
    const at = (text: string) => signedXml.indexOf(text);
    expect(signedXml).toMatch(/<Invoice [^>]*><ext:UBLExtensions>/);
    expect(at('<cbc:ID>PIH</cbc:ID>')).toBeLessThan(at('<cbc:ID>QR</cbc:ID>'));
    expect(at('<cbc:ID>QR</cbc:ID>')).toBeLessThan(at('<cac:Signature>'));
    expect(at('</cac:Signature><cac:AccountingSupplierParty>')).toBeGreaterThan(0);
    expect(signedXml).toContain(`<ds:X509IssuerName>${material.issuerName}</ds:X509IssuerName>`);
    expect(signedXml).toContain(`<ds:X509SerialNumber>${material.serialNumber}</ds:X509SerialNumber>`);
  });

  it('fills the QR from the XML: seller, VAT number, timestamp, payable amount, first tax total', () => {
    const signed = signInvoice(unsignedXml('simplified'), keys);
    const tags = decodeQrTlv(signed.qr);
    const text = (tag: number) => tags.get(tag)!.toString('utf8');
    expect(text(1)).toBe('شركة نجد للتجارة الإلكترونية | Najd Electronics Trading Co.');
    expect(text(2)).toBe('310987654300003');
    expect(text(3)).toBe('2024-09-03T10:15:00');
    expect(text(4)).toBe('8573.25');
    expect(text(5)).toBe('1118.25');
    expect(text(6)).toBe(signed.invoiceHash);
    expect(text(7)).toBe(signed.signatureValue);
    expect(tags.get(9)!.equals(parseSigningCertificate(material.certificateBase64).signatureDer)).toBe(true);
    expect(decodeQrTlv(signInvoice(unsignedXml('standard'), keys).qr).has(9)).toBe(false);
  });

  it('writes the signing time given, as UTC without zone', () => {
    const signed = signInvoice(unsignedXml(), { ...keys, signingTime: new Date('2024-09-03T07:15:30.250Z') });
    expect(signed.signedXml).toContain('<xades:SigningTime>2024-09-03T07:15:30</xades:SigningTime>');
  });

  it('re-signing replaces the previous stamp and keeps the hash', () => {
    const first = signInvoice(unsignedXml(), keys);
    const second = signInvoice(first.signedXml, keys);
    expect(second.invoiceHash).toBe(first.invoiceHash);
    expect(second.signedXml.match(/<ext:UBLExtensions>/g)).toHaveLength(1);
    expect(second.signedXml.match(/<cbc:ID>QR<\/cbc:ID>/g)).toHaveLength(1);
    expect(verifySignedInvoice(second.signedXml).ok).toBe(true);
  });

  it('detects tampering after signing', () => {
    const { signedXml } = signInvoice(unsignedXml(), keys);
    const tampered = signedXml.replace(
      '<cbc:PayableAmount currencyID="SAR">8573.25',
      '<cbc:PayableAmount currencyID="SAR">8000.00',
    );
    expect(tampered).not.toBe(signedXml);
    expect(verifySignedInvoice(tampered).problems).toEqual(
      expect.arrayContaining(['invoice hash differs from ds:Reference invoiceSignedData']),
    );
    const otherTime = signedXml.replace(
      /<xades:SigningTime>[^<]*</,
      '<xades:SigningTime>2000-01-01T00:00:00<',
    );
    expect(verifySignedInvoice(otherTime).problems).toContain('SignedProperties digest does not match');
  });

  it('one signer, many invoices: each stamp is its own, the per-certificate parts are shared', () => {
    const signer = createInvoiceSigner(keys);
    const second = new Date('2024-09-03T07:15:30.100Z');
    const unsigned = [unsignedXml('standard'), unsignedXml('simplified')];
    const sameSecond = unsigned.map((xml) => signer.sign(xml, second));
    const nextSecond = signer.sign(unsigned[0], new Date('2024-09-03T07:15:31.900Z'));
    for (const signed of [...sameSecond, nextSecond]) {
      expect(verifySignedInvoice(signed.signedXml)).toEqual({
        ok: true,
        invoiceHash: signed.invoiceHash,
        problems: [],
      });
    }
    const propertiesDigest = (xml: string) =>
      /URI="#xadesSignedProperties">[\s\S]*?<ds:DigestValue>([^<]*)</.exec(xml)?.[1];
    expect(propertiesDigest(sameSecond[0].signedXml)).toBe(propertiesDigest(sameSecond[1].signedXml));
    expect(propertiesDigest(nextSecond.signedXml)).not.toBe(propertiesDigest(sameSecond[0].signedXml));
    expect(nextSecond.signedXml).toContain('<xades:SigningTime>2024-09-03T07:15:31</xades:SigningTime>');
    expect(sameSecond[0].invoiceHash).not.toBe(sameSecond[1].invoiceHash);
    expect(decodeQrTlv(sameSecond[1].qr).has(9)).toBe(true);
  });

  it('declares the ext namespace on UBLExtensions when the invoice root does not', () => {
    const withoutExt = unsignedXml().replace(/ xmlns:ext="[^"]*"/, '');
    const signed = signInvoice(withoutExt, keys);
    expect(signed.signedXml).toContain(
      '<ext:UBLExtensions xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">',
    );
    expect(signed.invoiceHash).toBe(computeInvoiceHash(withoutExt).hashBase64);
    expect(verifySignedInvoice(signed.signedXml).ok).toBe(true);
  });

  it('refuses a key that does not belong to the certificate', () => {
    const other = createTestSigningMaterial();
    expect(() =>
      createInvoiceSigner({
        privateKeyPem: other.privateKeyPem,
        certificateBase64: material.certificateBase64,
      }),
    ).toThrow(InvoiceSigningError);
  });
});
