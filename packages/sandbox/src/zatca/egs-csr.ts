/**
 * The simulator's own reading of an EGS unit's CSR, as ZATCA's onboarding API receives it (base64 of the
 * PEM): subject, the EGS identity in the subject alternative name's directoryName, the certificate
 * template name, the public key and whether the request's self-signature verifies.
 */
import { createPublicKey, verify } from 'node:crypto';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  Extensions,
  SubjectAlternativeName,
  type Name,
  type SubjectPublicKeyInfo,
} from '@peculiar/asn1-x509';
import { attributesOf, derOf, derOfPem, directoryStringOf, OID } from './x509-names';

export interface EgsCsrContent {
  der: Buffer;
  subject: { country?: string; organizationUnit?: string; organization?: string; commonName?: string };
  /** The SAN directoryName as parsed, copied unchanged into the issued certificate. */
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

/** PEM text, base64 of the PEM (the API's form) or base64 of the DER. */
function csrDer(input: string): Buffer {
  const text = input.trim();
  if (text.startsWith('-----BEGIN')) return derOfPem(text);
  const bytes = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  const pem = bytes.toString('utf8');
  return pem.startsWith('-----BEGIN') ? derOfPem(pem) : bytes;
}

export function readEgsCsr(input: string | Buffer): EgsCsrContent {
  const der = typeof input === 'string' ? csrDer(input) : input;
  const request = AsnConvert.parse(der, CertificationRequest);
  const info = request.certificationRequestInfo;
  const subject = attributesOf(info.subject);
  const publicKeyDer = derOf(info.subjectPKInfo);
  const publicKey = createPublicKey({ key: publicKeyDer, format: 'der', type: 'spki' });
  const signed = request.certificationRequestInfoRaw
    ? Buffer.from(request.certificationRequestInfoRaw)
    : derOf(info);
  const extensions = (info.attributes ?? [])
    .filter((attribute) => attribute.type === OID.extensionRequest)
    .flatMap((attribute) => attribute.values.flatMap((value) => [...AsnConvert.parse(value, Extensions)]));
  const template = extensions.find((extension) => extension.extnID === OID.certificateTemplateName);
  const san = extensions.find((extension) => extension.extnID === OID.subjectAltName);
  const egsDirectoryName = san
    ? AsnConvert.parse(san.extnValue.buffer, SubjectAlternativeName).find((name) => name.directoryName)
        ?.directoryName
    : undefined;
  const egs = egsDirectoryName ? attributesOf(egsDirectoryName) : new Map<string, string>();
  return {
    der,
    subject: {
      country: subject.get(OID.countryName),
      organizationUnit: subject.get(OID.organizationalUnitName),
      organization: subject.get(OID.organizationName),
      commonName: subject.get(OID.commonName),
    },
    egsDirectoryName,
    egs: egsDirectoryName
      ? {
          serialNumber: egs.get(OID.surname),
          vatNumber: egs.get(OID.userId),
          invoiceType: egs.get(OID.title),
          registeredAddress: egs.get(OID.registeredAddress),
          businessCategory: egs.get(OID.businessCategory),
        }
      : {},
    templateName: template ? directoryStringOf(template.extnValue.buffer) : undefined,
    subjectName: info.subject,
    publicKeyInfo: info.subjectPKInfo,
    publicKeyDer,
    namedCurve: publicKey.asymmetricKeyDetails?.namedCurve,
    signatureValid: verify('sha256', signed, publicKey, Buffer.from(request.signature)),
  };
}
