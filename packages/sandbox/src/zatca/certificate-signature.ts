/**
 * The CA's signature inside an X.509 certificate (QR tag 9 of simplified invoices), read from the DER by
 * the simulator itself: Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT
 * STRING } (RFC 5280, 4.1); the value is the BIT STRING's content after its unused-bits byte.
 */
interface DerElement {
  tag: number;
  contentAt: number;
  end: number;
}

export function certificateSignature(der: Buffer): Buffer {
  const certificate = readElement(der, 0);
  if (certificate.tag !== 0x30) throw new Error('a certificate is a DER SEQUENCE');
  const tbs = readElement(der, certificate.contentAt);
  const algorithm = readElement(der, tbs.end);
  const signature = readElement(der, algorithm.end);
  if (signature.tag !== 0x03 || der[signature.contentAt] !== 0) {
    throw new Error('the certificate signature is not a whole-byte BIT STRING');
  }
  return der.subarray(signature.contentAt + 1, signature.end);
}

function readElement(der: Buffer, at: number): DerElement {
  if (at + 2 > der.length) throw new Error(`DER element at ${at} is truncated`);
  const tag = der[at];
  const first = der[at + 1];
  let length = first;
  let contentAt = at + 2;
  if (first & 0x80) {
    const size = first & 0x7f;
    if (size === 0 || size > 4 || contentAt + size > der.length) throw new Error(`bad DER length at ${at}`);
    length = der.readUIntBE(contentAt, size);
    contentAt += size;
  }
  if (contentAt + length > der.length) throw new Error(`DER element at ${at} overruns the data`);
  return { tag, contentAt, end: contentAt + length };
}
