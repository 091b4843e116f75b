/**
 * What the GSP offers besides the Fatoora API: generating an EGS unit's key and CSR server-side, the way
 * ZATCA's SDK does from its CSR configuration (csr.common.name, csr.serial.number, ...). The simulator's
 * own builder: subject C/OU/O/CN, the certificate template name of the environment, and the EGS identity
 * (SN, UID, title, registeredAddress, businessCategory) in the subject alternative name's directoryName.
 */
import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Attribute,
  Extension,
  Extensions,
  GeneralName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
} from '@peculiar/asn1-x509';
import { TEMPLATE_NAME_BY_ENVIRONMENT, type ZatcaEnvironment } from './zatca-environments';
import { arrayBufferOf, derOf, nameOf, OID, pemOf } from './x509-names';

/** The body of `POST /ksa-einvoice/generate-csr`: the SDK's CSR configuration keys, in camel case. */
export interface GspCsrRequest {
  environment?: ZatcaEnvironment;
  commonName: string;
  solutionName: string;
  model: string;
  serialNumber: string;
  vatNumber: string;
  organizationUnitName: string;
  organizationName: string;
  countryName?: string;
  invoiceType: string;
  locationAddress: string;
  industryBusinessCategory: string;
}

const REQUIRED_TEXT = [
  'commonName',
  'solutionName',
  'model',
  'serialNumber',
  'organizationUnitName',
  'organizationName',
  'locationAddress',
  'industryBusinessCategory',
] as const;

/** What the GSP refuses in a CSR request (ZATCA's CSR rules); empty when it can generate one. */
export function gspCsrRequestProblems(body: unknown): string[] {
  if (!body || typeof body !== 'object') return ['body required'];
  const request = body as Record<string, unknown>;
  const text = (key: string) => {
    const value = request[key];
    return typeof value === 'string' ? value : '';
  };
  const problems = REQUIRED_TEXT.filter((key) => !text(key).trim()).map((key) => `${key} is required`);
  const vat = text('vatNumber');
  if (!/^3\d{13}3$/.test(vat)) problems.push('vatNumber must be 15 digits starting and ending with 3');
  const invoiceType = text('invoiceType');
  if (!/^[01]{4}$/.test(invoiceType) || !invoiceType.slice(0, 2).includes('1'))
    problems.push('invoiceType must be 4 binary flags enabling standard and/or simplified, e.g. 1100');
  if (vat.charAt(10) === '1' && !/^\d{10}$/.test(text('organizationUnitName')))
    problems.push('a VAT group (11th digit 1) needs the 10-digit TIN of the member as organizationUnitName');
  const environment = request.environment;
  if (
    environment !== undefined &&
    !(typeof environment === 'string' && Object.hasOwn(TEMPLATE_NAME_BY_ENVIRONMENT, environment))
  )
    problems.push(`environment must be one of ${Object.keys(TEMPLATE_NAME_BY_ENVIRONMENT).join(', ')}`);
  return problems;
}

/** A new secp256k1 key and its CSR: base64 of the PEM (what onboarding takes) and the key in PEM. */
export function generateGspCsr(request: GspCsrRequest): { csrBase64OfPem: string; privateKeyPem: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const templateName = Buffer.from(TEMPLATE_NAME_BY_ENVIRONMENT[request.environment ?? 'developer-portal']);
  const egsIdentity = nameOf([
    [OID.surname, `1-${request.solutionName}|2-${request.model}|3-${request.serialNumber}`],
    [OID.userId, request.vatNumber],
    [OID.title, request.invoiceType],
    [OID.registeredAddress, request.locationAddress],
    [OID.businessCategory, request.industryBusinessCategory],
  ]);
  const extensions = new Extensions([
    new Extension({
      extnID: OID.certificateTemplateName,
      extnValue: new OctetString(Buffer.concat([Buffer.from([0x13, templateName.length]), templateName])),
    }),
    new Extension({
      extnID: OID.subjectAltName,
      extnValue: new OctetString(
        derOf(new SubjectAlternativeName([new GeneralName({ directoryName: egsIdentity })])),
      ),
    }),
  ]);
  const info = new CertificationRequestInfo({
    subject: nameOf([
      [OID.countryName, request.countryName ?? 'SA'],
      [OID.organizationalUnitName, request.organizationUnitName],
      [OID.organizationName, request.organizationName],
      [OID.commonName, request.commonName],
    ]),
    subjectPKInfo: AsnConvert.parse(
      createPublicKey(privateKey).export({ type: 'spki', format: 'der' }),
      SubjectPublicKeyInfo,
    ),
    attributes: new Attributes([
      new Attribute({ type: OID.extensionRequest, values: [arrayBufferOf(derOf(extensions))] }),
    ]),
  });
  const csr = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signature: arrayBufferOf(sign('sha256', derOf(info), privateKey)),
  });
  const pem = pemOf('CERTIFICATE REQUEST', derOf(csr));
  return {
    csrBase64OfPem: Buffer.from(pem, 'utf8').toString('base64'),
    privateKeyPem: privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
  };
}
