/**
 * Test support: verifies a signed ZATCA invoice the way ZATCA does (hash, ECDSA signature, CertDigest,
 * SignedProperties digest, QR tags 6-8), to check the product's signer. Kept out of the product, which
 * never verifies its own signatures.
 */
import { verify } from 'node:crypto';
import {
  base64OfHexSha256,
  parseSigningCertificate,
  type SigningCertificate,
} from '../../src/regimes/sa-zatca/certificate';
import { computeInvoiceHash } from '../../src/regimes/sa-zatca/invoice-hash';
import { decodeQrTlv } from '../../src/regimes/sa-zatca/qr';
import { asSerialisedBySdk } from '../../src/regimes/sa-zatca/signer';

export interface SignatureVerification {
  ok: boolean;
  invoiceHash: string;
  problems: string[];
}

export function verifySignedInvoice(signedXml: string): SignatureVerification {
  const problems: string[] = [];
  const { hashBase64, hashBytes } = computeInvoiceHash(signedXml);
  const text = (pattern: RegExp) => pattern.exec(signedXml)?.[1]?.trim() ?? '';

  const referenceDigest = text(/<ds:Reference Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]*)</);
  if (referenceDigest !== hashBase64)
    problems.push('invoice hash differs from ds:Reference invoiceSignedData');

  const certificateText = text(/<ds:X509Certificate>([^<]*)</).replace(/\s+/g, '');
  const signatureValue = text(/<ds:SignatureValue>([^<]*)</);
  let certificate: SigningCertificate | undefined;
  try {
    certificate = parseSigningCertificate(certificateText);
  } catch (cause) {
    problems.push(`certificate: ${(cause as Error).message}`);
  }
  if (certificate) {
    const valid = verify(
      'sha256',
      hashBytes,
      certificate.x509.publicKey,
      Buffer.from(signatureValue, 'base64'),
    );
    if (!valid) problems.push('ECDSA signature does not verify over the invoice hash');
    const certDigest = text(/<xades:CertDigest>[\s\S]*?<ds:DigestValue>([^<]*)</);
    if (certDigest !== certificate.certDigest)
      problems.push('xades:CertDigest does not match the certificate');
  }

  const start = signedXml.indexOf('<xades:SignedProperties');
  const end = signedXml.indexOf('</xades:SignedProperties>');
  const signedProperties = start >= 0 && end > start ? signedXml.slice(start, end + 25) : '';
  const propertiesDigest = text(
    /<ds:Reference[^>]*URI="#xadesSignedProperties"[\s\S]*?<ds:DigestValue>([^<]*)</,
  );
  if (!signedProperties || propertiesDigest !== base64OfHexSha256(asSerialisedBySdk(signedProperties))) {
    problems.push('SignedProperties digest does not match');
  }

  const qr = text(
    /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]*)</,
  );
  try {
    const tags = decodeQrTlv(qr);
    if (tags.get(6)?.toString('utf8') !== hashBase64) problems.push('QR tag 6 is not the invoice hash');
    if (tags.get(7)?.toString('utf8') !== signatureValue)
      problems.push('QR tag 7 is not the signature value');
    if (certificate && !tags.get(8)?.equals(certificate.publicKeyDer))
      problems.push('QR tag 8 is not the public key');
  } catch (cause) {
    problems.push(`QR: ${(cause as Error).message}`);
  }
  return { ok: problems.length === 0, invoiceHash: hashBase64, problems };
}
