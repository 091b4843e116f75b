/**
 * The simulator's own X.509 vocabulary for reading CSRs and issuing CSIDs: the object identifiers ZATCA's
 * onboarding uses (its SDK's CSR configuration and the PKI profile), X.500 names and DER/PEM helpers.
 */
import { AsnConvert } from '@peculiar/asn1-schema';
import { AttributeTypeAndValue, AttributeValue, Name, RelativeDistinguishedName } from '@peculiar/asn1-x509';

export const OID = {
  countryName: '2.5.4.6',
  organizationalUnitName: '2.5.4.11',
  organizationName: '2.5.4.10',
  commonName: '2.5.4.3',
  /** SN: ZATCA's `1-solution|2-model|3-serial` of the EGS unit. */
  surname: '2.5.4.4',
  /** UID: the seller's VAT number. */
  userId: '0.9.2342.19200300.100.1.1',
  /** title: the invoice types the unit issues (`1100`...). */
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  /** Microsoft's certificate template name extension, carrying the environment's template. */
  certificateTemplateName: '1.3.6.1.4.1.311.20.2',
  extensionRequest: '1.2.840.113549.1.9.14',
  subjectAltName: '2.5.29.17',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** An X.500 name with one attribute per RDN; the country as PrintableString, the rest UTF8String. */
export function nameOf(attributes: readonly (readonly [oid: string, value: string])[]): Name {
  return new Name(
    attributes.map(([oid, value]) => {
      const text = oid === OID.countryName ? { printableString: value } : { utf8String: value };
      return new RelativeDistinguishedName([
        new AttributeTypeAndValue({ type: oid, value: new AttributeValue(text) }),
      ]);
    }),
  );
}

/** The first value of each attribute of a name, by OID. */
export function attributesOf(name: Name): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const attribute of name.flat()) {
    if (!attributes.has(attribute.type)) attributes.set(attribute.type, attribute.value.toString());
  }
  return attributes;
}

/** The text of a DER directory string (PrintableString, UTF8String or BMPString). */
export function directoryStringOf(der: ArrayBuffer): string {
  const bytes = Buffer.from(der);
  const [tag, length] = bytes;
  const content = bytes.subarray(2, 2 + length);
  if (tag === 0x13 || tag === 0x0c) return content.toString('utf8');
  if (tag === 0x1e) return Buffer.from(content).swap16().toString('utf16le');
  throw new Error(`DER tag 0x${tag.toString(16)} is not a directory string`);
}

export function derOf(value: unknown): Buffer {
  return Buffer.from(AsnConvert.serialize(value));
}

export function arrayBufferOf(bytes: Buffer): ArrayBuffer {
  return Uint8Array.from(bytes).buffer;
}

export function pemOf(label: string, der: Buffer): string {
  const body = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

export function derOfPem(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
}
