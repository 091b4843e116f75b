/**
 * The facts ZATCA's XAdES block and QR need from the signing certificate (the CSID / CCSID).
 *
 * ZATCA hands certificates out in several wrappings: PEM, the bare base64 body (the SDK's cert.pem), or
 * `binarySecurityToken`, which is base64 of that base64 body. All three are accepted.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';

export interface SigningCertificate {
  /** base64 of the DER certificate, no whitespace: the ds:X509Certificate text. */
  base64: string;
  der: Buffer;
  /** Issuer as ZATCA writes ds:X509IssuerName: most specific RDN first, joined by ", ". */
  issuerName: string;
  /** Serial number in decimal (ds:X509SerialNumber). */
  serialNumber: string;
  /** xades:CertDigest value: base64 of the lowercase hex of SHA-256 over the base64 certificate text. */
  certDigest: string;
  /** SubjectPublicKeyInfo DER (QR tag 8). */
  publicKeyDer: Buffer;
  /** The issuing CA's signature over the certificate, DER (QR tag 9 on simplified invoices). */
  signatureDer: Buffer;
  x509: X509Certificate;
}

export class CertificateFormatError extends Error {
  override readonly name = 'CertificateFormatError';
}

export function parseSigningCertificate(certificate: string): SigningCertificate {
  const der = certificateDer(certificate);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(der);
  } catch (cause) {
    throw new CertificateFormatError(`not an X.509 certificate: ${(cause as Error).message}`);
  }
  const base64 = der.toString('base64');
  return {
    base64,
    der,
    issuerName: zatcaIssuerName(x509.issuer),
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    certDigest: base64OfHexSha256(base64),
    publicKeyDer: x509.publicKey.export({ type: 'spki', format: 'der' }),
    signatureDer: Buffer.from(AsnConvert.parse(der, Certificate).signatureValue),
    x509,
  };
}

/** ZATCA's digest convention for CertDigest and SignedProperties: base64(hex(sha256(text))). */
export function base64OfHexSha256(text: string): string {
  return Buffer.from(createHash('sha256').update(text, 'utf8').digest('hex'), 'utf8').toString('base64');
}

function certificateDer(certificate: string): Buffer {
  const text = certificate.trim();
  if (text.includes('-----BEGIN')) {
    const body = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/.exec(text);
    if (!body) throw new CertificateFormatError('PEM text holds no CERTIFICATE block');
    return Buffer.from(body[1].replace(/\s+/g, ''), 'base64');
  }
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new CertificateFormatError('certificate is not base64');
  const decoded = Buffer.from(compact, 'base64');
  // DER starts with a SEQUENCE tag; a binarySecurityToken decodes to the base64 text "MII...".
  if (decoded[0] === 0x30) return decoded;
  return certificateDer(decoded.toString('latin1'));
}

/** Node prints the issuer one RDN per line in certificate order (least specific first). */
function zatcaIssuerName(nodeIssuer: string): string {
  return nodeIssuer
    .split('\n')
    .filter((rdn) => rdn.length > 0)
    .reverse()
    .join(', ');
}
