/**
 * Object identifiers and X.500 name helpers shared by the CSR builder, the CSR reader and the sandbox CA.
 * ZATCA puts the EGS identity in two names: the subject (C, OU, O, CN) and a directoryName inside the
 * subject alternative name (SN, UID, title, registeredAddress, businessCategory), one attribute per RDN.
 */
import { AsnConvert } from '@peculiar/asn1-schema';
import { AttributeTypeAndValue, AttributeValue, Name, RelativeDistinguishedName } from '@peculiar/asn1-x509';

export const OID = {
  countryName: '2.5.4.6',
  organizationalUnitName: '2.5.4.11',
  organizationName: '2.5.4.10',
  commonName: '2.5.4.3',
  /** "SN" in OpenSSL's short names: ZATCA stores `1-solution|2-model|3-serial` under it. */
  surname: '2.5.4.4',
  userId: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  certificateTemplateName: '1.3.6.1.4.1.311.20.2',
  extensionRequest: '1.2.840.113549.1.9.14',
  subjectAltName: '2.5.29.17',
  ecPublicKey: '1.2.840.10045.2.1',
  secp256k1: '1.3.132.0.10',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

export interface NameEntry {
  oid: string;
  value: string;
  /** Country codes are PrintableString; everything else UTF8String, as the SDK writes them. */
  printable?: boolean;
}

export function buildName(entries: NameEntry[]): Name {
  return new Name(
    entries.map(
      (entry) =>
        new RelativeDistinguishedName([
          new AttributeTypeAndValue({
            type: entry.oid,
            value: new AttributeValue(
              entry.printable ? { printableString: entry.value } : { utf8String: entry.value },
            ),
          }),
        ]),
    ),
  );
}

/** First value of each attribute type in a name, keyed by OID. */
export function readName(name: Name): Map<string, string> {
  const values = new Map<string, string>();
  for (const rdn of name) {
    for (const attribute of rdn) {
      if (!values.has(attribute.type)) values.set(attribute.type, attribute.value.toString());
    }
  }
  return values;
}

/** DER of an ASN.1 PrintableString (the certificate template name extension's value). */
export function printableStringDer(text: string): ArrayBuffer {
  const bytes = Buffer.from(text, 'ascii');
  if (bytes.length > 127) throw new Error('printable string too long for short-form length');
  return toArrayBuffer(Buffer.concat([Buffer.from([0x13, bytes.length]), bytes]));
}

export function readPrintableStringDer(der: ArrayBuffer): string {
  const bytes = Buffer.from(der);
  if (bytes[0] !== 0x13 && bytes[0] !== 0x0c && bytes[0] !== 0x1e) throw new Error('not a string');
  const length = bytes[1];
  return bytes[0] === 0x1e
    ? Buffer.from(bytes.subarray(2, 2 + length))
        .swap16()
        .toString('utf16le')
    : bytes.subarray(2, 2 + length).toString('utf8');
}

export function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.length);
  new Uint8Array(copy).set(bytes);
  return copy;
}

export function serialize(value: unknown): Buffer {
  return Buffer.from(AsnConvert.serialize(value));
}

export function toPem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export function fromPem(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----(BEGIN|END)[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}
