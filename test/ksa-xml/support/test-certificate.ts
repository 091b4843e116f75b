/**
 * A secp256k1 key and an X.509 certificate for it, issued by a throwaway test CA: the same shape as a
 * ZATCA CSID (EC public key, ecdsa-with-SHA256 CA signature), built with node's crypto and asn1-x509 so the
 * suite never needs ZATCA's SDK files.
 */
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from '@peculiar/asn1-x509';

export interface TestSigningMaterial {
  privateKeyPem: string;
  /** base64 DER, as ZATCA's cert.pem holds it. */
  certificateBase64: string;
  /** The issuer as ZATCA writes ds:X509IssuerName. */
  issuerName: string;
  serialNumber: string;
}

const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';

export function createTestSigningMaterial(
  options: { commonName?: string; serial?: bigint } = {},
): TestSigningMaterial {
  const ca = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const egs = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const serial = options.serial ?? BigInt(`0x01${randomBytes(15).toString('hex')}`);
  const issuer = name([
    ['0.9.2342.19200300.100.1.25', 'local'],
    ['0.9.2342.19200300.100.1.25', 'test'],
    ['2.5.4.3', 'TEST-ZATCA-CA'],
  ]);
  const subject = name([
    ['2.5.4.6', 'SA'],
    ['2.5.4.10', 'Project Test EGS'],
    ['2.5.4.3', options.commonName ?? 'TST-886431145-399999999900003'],
  ]);
  const now = Date.now();
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: bigintBytes(serial),
    signature: new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 }),
    issuer,
    validity: new Validity({
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + 365 * 86_400_000),
    }),
    subject,
    subjectPublicKeyInfo: AsnConvert.parse(spki(egs.publicKey), SubjectPublicKeyInfo),
  });
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  const certificate = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 }),
    signatureValue: toArrayBuffer(sign('sha256', tbsDer, ca.privateKey)),
  });
  return {
    privateKeyPem: egs.privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
    certificateBase64: Buffer.from(AsnConvert.serialize(certificate)).toString('base64'),
    issuerName: 'CN=TEST-ZATCA-CA, DC=test, DC=local',
    serialNumber: serial.toString(10),
  };
}

function name(entries: [oid: string, value: string][]): Name {
  return new Name(
    entries.map(
      ([type, value]) =>
        new RelativeDistinguishedName([
          new AttributeTypeAndValue({
            type,
            value: new AttributeValue(
              type === '2.5.4.6' ? { printableString: value } : { utf8String: value },
            ),
          }),
        ]),
    ),
  );
}

function spki(publicKey: KeyObject): Buffer {
  return publicKey.export({ type: 'spki', format: 'der' });
}

function bigintBytes(value: bigint): ArrayBuffer {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (parseInt(hex.slice(0, 2), 16) & 0x80) hex = `00${hex}`;
  return toArrayBuffer(Buffer.from(hex, 'hex'));
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.length);
  new Uint8Array(copy).set(bytes);
  return copy;
}
