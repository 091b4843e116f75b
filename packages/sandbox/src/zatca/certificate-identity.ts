/** The EGS identity (SAN directoryName) inside a CSID certificate. */
import type { X509Certificate } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, SubjectAlternativeName } from '@peculiar/asn1-x509';
import { attributesOf, OID } from './x509-names';

export interface EgsIdentity {
  serialNumber?: string;
  vatNumber?: string;
  invoiceType?: string;
}

export function egsIdentityOf(certificate: X509Certificate): EgsIdentity {
  try {
    const parsed = AsnConvert.parse(certificate.raw, Certificate);
    const san = parsed.tbsCertificate.extensions?.find(
      (extension) => extension.extnID === OID.subjectAltName,
    );
    const directoryName = san
      ? AsnConvert.parse(san.extnValue.buffer, SubjectAlternativeName).find((name) => name.directoryName)
          ?.directoryName
      : undefined;
    if (!directoryName) return {};
    const values = attributesOf(directoryName);
    return {
      serialNumber: values.get(OID.surname),
      vatNumber: values.get(OID.userId),
      invoiceType: values.get(OID.title),
    };
  } catch {
    return {};
  }
}
