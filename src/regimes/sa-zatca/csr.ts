/**
 * EGS unit key pair and PKCS#10 certificate signing request, as ZATCA's SDK produces them
 * (`fatoora -csr`): secp256k1 key, subject C/OU/O/CN, a certificate template name extension that
 * names the environment, and a subject alternative name directoryName carrying the EGS identity.
 * ZATCA's onboarding API takes the CSR as base64 of the PEM text, not of the DER.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  Attribute,
  AlgorithmIdentifier,
  Extension,
  Extensions,
  GeneralName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
} from '@peculiar/asn1-x509';
import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import { buildName, OID, printableStringDer, serialize, toArrayBuffer, toPem } from './asn1-names';
import { CERTIFICATE_TEMPLATE_NAMES, type ZatcaEnvironment } from './zatca-environment';

export interface EgsKeyPair {
  /** SEC1 PEM (`BEGIN EC PRIVATE KEY`), the format of the SDK's key file. */
  privateKeyPem: string;
  publicKeyPem: string;
}

/** What the SDK's `csr-config.properties` holds, with the serial number split into its three parts. */
export interface EgsCsrConfig {
  environment: ZatcaEnvironment;
  /** csr.common.name, e.g. `TST-886431145-399999999900003`. */
  commonName: string;
  /** Solution provider name, EGS model and EGS serial: SN = `1-<solution>|2-<model>|3-<serial>`. */
  solutionName: string;
  model: string;
  serialNumber: string;
  /** VAT registration number (15 digits, starts and ends with 3): the UID attribute. */
  vatNumber: string;
  /** Branch name; for a VAT group, the member's 10-digit TIN. */
  organizationUnitName: string;
  organizationName: string;
  countryName?: string;
  /** Four flags: standard, simplified, future use, future use; e.g. `1100` for both kinds. */
  invoiceType: string;
  /** Branch location (registeredAddress). */
  locationAddress: string;
  industryBusinessCategory: string;
}

export interface EgsCsr {
  pem: string;
  der: Buffer;
  /** What `POST /compliance` expects in `csr`: base64 of the PEM text. */
  base64OfPem: string;
}

export function generateEgsKeyPair(): EgsKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return {
    privateKeyPem: privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export function egsSerialNumber(
  config: Pick<EgsCsrConfig, 'solutionName' | 'model' | 'serialNumber'>,
): string {
  return `1-${config.solutionName}|2-${config.model}|3-${config.serialNumber}`;
}

/** Problems that ZATCA would refuse the CSR for; empty when the config is usable. */
export function checkEgsCsrConfig(config: EgsCsrConfig): string[] {
  const problems: string[] = [];
  if (!/^3\d{13}3$/.test(config.vatNumber))
    problems.push('vatNumber must be 15 digits starting and ending with 3');
  if (!/^[01]{4}$/.test(config.invoiceType) || !/1/.test(config.invoiceType.slice(0, 2)))
    problems.push('invoiceType must be 4 binary flags enabling standard and/or simplified, e.g. 1100');
  if (config.vatNumber.charAt(10) === '1' && !/^\d{10}$/.test(config.organizationUnitName))
    problems.push('a VAT group (11th digit 1) needs the 10-digit TIN of the member as organizationUnitName');
  for (const key of [
    'commonName',
    'solutionName',
    'model',
    'serialNumber',
    'organizationName',
    'locationAddress',
    'industryBusinessCategory',
  ] as const) {
    if (!config[key]?.trim()) problems.push(`${key} is required`);
  }
  return problems;
}

export function buildEgsCsr(config: EgsCsrConfig, privateKeyPem: string): EgsCsr {
  const problems = checkEgsCsrConfig(config);
  if (problems.length > 0) throw new Error(`invalid EGS CSR config: ${problems.join('; ')}`);
  const privateKey = createPrivateKey(privateKeyPem);
  const info = new CertificationRequestInfo({
    version: 0,
    subject: buildName([
      { oid: OID.countryName, value: config.countryName ?? 'SA', printable: true },
      { oid: OID.organizationalUnitName, value: config.organizationUnitName },
      { oid: OID.organizationName, value: config.organizationName },
      { oid: OID.commonName, value: config.commonName },
    ]),
    subjectPKInfo: publicKeyInfoOf(privateKey),
    attributes: new Attributes([
      new Attribute({
        type: OID.extensionRequest,
        values: [toArrayBuffer(serialize(egsExtensions(config)))],
      }),
    ]),
  });
  const infoDer = serialize(info);
  const request = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signature: toArrayBuffer(sign('sha256', infoDer, privateKey)),
  });
  const der = serialize(request);
  const pem = toPem('CERTIFICATE REQUEST', der);
  return { pem, der, base64OfPem: Buffer.from(pem, 'utf8').toString('base64') };
}

function egsExtensions(config: EgsCsrConfig): Extensions {
  const directoryName = buildName([
    { oid: OID.surname, value: egsSerialNumber(config) },
    { oid: OID.userId, value: config.vatNumber },
    { oid: OID.title, value: config.invoiceType },
    { oid: OID.registeredAddress, value: config.locationAddress },
    { oid: OID.businessCategory, value: config.industryBusinessCategory },
  ]);
  const subjectAltName = new SubjectAlternativeName([new GeneralName({ directoryName })]);
  return new Extensions([
    new Extension({
      extnID: OID.certificateTemplateName,
      critical: false,
      extnValue: new OctetString(printableStringDer(CERTIFICATE_TEMPLATE_NAMES[config.environment])),
    }),
    new Extension({
      extnID: OID.subjectAltName,
      critical: false,
      extnValue: new OctetString(serialize(subjectAltName)),
    }),
  ]);
}

function publicKeyInfoOf(privateKey: KeyObject): SubjectPublicKeyInfo {
  const curve = privateKey.asymmetricKeyDetails?.namedCurve;
  if (privateKey.asymmetricKeyType !== 'ec' || curve !== 'secp256k1') {
    throw new Error(
      `EGS key must be an EC key on secp256k1, got ${privateKey.asymmetricKeyType ?? '?'} ${curve ?? ''}`,
    );
  }
  return AsnConvert.parse(
    createPublicKey(privateKey).export({ type: 'spki', format: 'der' }),
    SubjectPublicKeyInfo,
  );
}
