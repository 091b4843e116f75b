/**
 * Reads a ZATCA CSR back: subject, EGS identity from the subject alternative name, certificate template
 * name, public key, and whether its self-signature verifies. Used by the sandbox CA and by tests.
 */
import { createPublicKey, verify } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  Extensions,
  SubjectAlternativeName,
  type SubjectPublicKeyInfo,
  type Name,
} from '@peculiar/asn1-x509';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { fromPem, OID, readName, readPrintableStringDer, serialize } from './asn1-names';

export interface EgsCsrContent {
  der: Buffer;
  subject: { country?: string; organizationUnit?: string; organization?: string; commonName?: string };
  /** The SAN directoryName, kept as parsed so a CA can copy it into the certificate unchanged. */
  egsDirectoryName?: Name;
  egs: {
    serialNumber?: string;
    vatNumber?: string;
    invoiceType?: string;
    registeredAddress?: string;
    businessCategory?: string;
  };
  templateName?: string;
  subjectName: Name;
  publicKeyInfo: SubjectPublicKeyInfo;
  publicKeyDer: Buffer;
  namedCurve?: string;
  signatureValid: boolean;
}

/** Accepts PEM text, base64 of the PEM (what ZATCA's API takes) or base64 of the DER. */
export function decodeCsrInput(input: string): Buffer {
  const text = input.trim();
  if (text.startsWith('-----BEGIN')) return fromPem(text);
  const decoded = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  const asText = decoded.toString('utf8');
  return asText.startsWith('-----BEGIN') ? fromPem(asText) : decoded;
}

export function readEgsCsr(input: string | Buffer): EgsCsrContent {
  const der = typeof input === 'string' ? decodeCsrInput(input) : input;
  const request = AsnConvert.parse(der, CertificationRequest);
  const info = request.certificationRequestInfo;
  const subject = readName(info.subject);
  const content: EgsCsrContent = {
    der,
    subject: {
      country: subject.get(OID.countryName),
      organizationUnit: subject.get(OID.organizationalUnitName),
      organization: subject.get(OID.organizationName),
      commonName: subject.get(OID.commonName),
    },
    egs: {},
    subjectName: info.subject,
    publicKeyInfo: info.subjectPKInfo,
    publicKeyDer: serialize(info.subjectPKInfo),
    signatureValid: false,
  };
  for (const attribute of info.attributes ?? []) {
    if (attribute.type !== OID.extensionRequest) continue;
    for (const value of attribute.values) {
      for (const extension of AsnConvert.parse(value, Extensions))
        readExtension(content, extension.extnID, extension.extnValue.buffer);
    }
  }
  const publicKey = createPublicKey({ key: content.publicKeyDer, format: 'der', type: 'spki' });
  content.namedCurve = publicKey.asymmetricKeyDetails?.namedCurve;
  const infoDer = request.certificationRequestInfoRaw
    ? Buffer.from(request.certificationRequestInfoRaw)
    : serialize(info);
  content.signatureValid = verify('sha256', infoDer, publicKey, Buffer.from(request.signature));
  return content;
}

function readExtension(content: EgsCsrContent, oid: string, value: ArrayBuffer): void {
  if (oid === OID.certificateTemplateName) {
    content.templateName = readPrintableStringDer(value);
  } else if (oid === OID.subjectAltName) {
    const directoryName = AsnConvert.parse(value, SubjectAlternativeName).find(
      (name) => name.directoryName,
    )?.directoryName;
    if (!directoryName) return;
    const egs = readName(directoryName);
    content.egsDirectoryName = directoryName;
    content.egs = {
      serialNumber: egs.get(OID.surname),
      vatNumber: egs.get(OID.userId),
      invoiceType: egs.get(OID.title),
      registeredAddress: egs.get(OID.registeredAddress),
      businessCategory: egs.get(OID.businessCategory),
    };
  }
}
