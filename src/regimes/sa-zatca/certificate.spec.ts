import { createHash, createPublicKey } from 'node:crypto';
import { createTestSigningMaterial } from '../../../test/ksa-xml/support/test-certificate';
import { base64OfHexSha256, CertificateFormatError, parseSigningCertificate } from './certificate';

describe('parseSigningCertificate', () => {
  const material = createTestSigningMaterial({ serial: 379112742831380471835263969587287663520528387n });

  it('gives the issuer as ZATCA writes it and the serial in decimal', () => {
    const certificate = parseSigningCertificate(material.certificateBase64);
    expect(certificate.issuerName).toBe('CN=TEST-ZATCA-CA, DC=test, DC=local');
    expect(certificate.serialNumber).toBe('379112742831380471835263969587287663520528387');
  });

  it('digests the base64 certificate text, hex-encodes, then base64-encodes (xades:CertDigest)', () => {
    const certificate = parseSigningCertificate(material.certificateBase64);
    const hex = createHash('sha256').update(material.certificateBase64).digest('hex');
    expect(certificate.certDigest).toBe(Buffer.from(hex).toString('base64'));
    expect(base64OfHexSha256('abc')).toBe(
      Buffer.from('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad').toString('base64'),
    );
  });

  it('exposes the public key DER and the CA signature DER for the QR', () => {
    const certificate = parseSigningCertificate(material.certificateBase64);
    const expectedKey = createPublicKey(material.privateKeyPem).export({ type: 'spki', format: 'der' });
    expect(certificate.publicKeyDer.equals(expectedKey)).toBe(true);
    expect(certificate.signatureDer[0]).toBe(0x30);
    expect(certificate.der.subarray(-certificate.signatureDer.length).equals(certificate.signatureDer)).toBe(
      true,
    );
  });

  it('accepts PEM, bare base64 and binarySecurityToken (base64 of base64) alike', () => {
    const pem = `-----BEGIN CERTIFICATE-----\n${material.certificateBase64.replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
    const token = Buffer.from(material.certificateBase64).toString('base64');
    for (const form of [pem, material.certificateBase64, token]) {
      expect(parseSigningCertificate(form).base64).toBe(material.certificateBase64);
    }
  });

  it('rejects text that is not a certificate', () => {
    expect(() => parseSigningCertificate('not a certificate!')).toThrow(CertificateFormatError);
    expect(() => parseSigningCertificate(Buffer.from([0x30, 0x03, 1, 2, 3]).toString('base64'))).toThrow(
      CertificateFormatError,
    );
  });
});
