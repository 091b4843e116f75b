/**
 * What the simulated ZATCA verifies on every submitted invoice, answered as ZATCA's validationResults:
 * request/XML consistency, invoice hash, ECDSA signature with the invoice's certificate, certificate
 * issued by the sandbox CA and matching the caller's CSID, QR tags, ICV/PIH chain per EGS unit, and a
 * few XSD/schematron rules (VAT number formats, buyer name, totals).
 */
import { verify, X509Certificate } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { certificateSignature } from './certificate-signature';
import type { ValidationMessage } from './fatoora-answers';
import { readQrTlv } from './qr-tlv';
import { FIRST_PREVIOUS_INVOICE_HASH, zatcaInvoiceHash } from './zatca-invoice-hash';
import { parseInvoiceXml, type InvoiceFacts } from './invoice-facts';
import type { ChainLedger } from './chain-ledger';
import { egsIdentityOf } from './certificate-identity';
import type { SandboxCertificateAuthority } from './sandbox-ca';

export type ZatcaEndpoint = 'compliance' | 'clearance' | 'reporting';

export interface InvoiceCheckInput {
  endpoint: ZatcaEndpoint;
  body: { invoiceHash?: unknown; uuid?: unknown; invoice?: unknown };
  /** base64 DER of the certificate the caller authenticated with. */
  callerCertificateBase64: string;
  ca: SandboxCertificateAuthority;
  ledger: ChainLedger;
}

export interface InvoiceCheckResult {
  facts?: InvoiceFacts;
  xml?: string;
  hash?: string;
  errors: ValidationMessage[];
  warnings: ValidationMessage[];
  /** Signature and certificate hold: the invoice really comes from the EGS, so it takes its chain slot. */
  authentic: boolean;
}

const VAT_NUMBER = /^3\d{13}3$/;

export function checkInvoice(input: InvoiceCheckInput): InvoiceCheckResult {
  const result: InvoiceCheckResult = { errors: [], warnings: [], authentic: false };
  const error = (code: string, category: string, message: string) =>
    result.errors.push(message_('ERROR', code, category, message));
  const warning = (code: string, category: string, message: string) =>
    result.warnings.push(message_('WARNING', code, category, message));

  const { invoiceHash, uuid, invoice } = input.body;
  if (typeof invoiceHash !== 'string' || typeof uuid !== 'string' || typeof invoice !== 'string') {
    error('invalid-request', 'REQUEST', 'invoiceHash, uuid and invoice (base64 XML) are required strings');
    return result;
  }
  const xml = Buffer.from(invoice, 'base64').toString('utf8');
  result.xml = xml;
  const { facts, error: parseError } = parseInvoiceXml(xml);
  if (!facts) {
    error(
      'XSD_ZERO',
      'XSD_SCHEMA_ERROR',
      `Schema validation failed; XML is not a UBL 2.1 invoice: ${parseError ?? ''}`,
    );
    return result;
  }
  result.facts = facts;

  if (facts.uuid !== uuid)
    error(
      'invalid-invoice-uuid',
      'REQUEST',
      `The uuid in the request (${uuid}) does not match cbc:UUID of the XML (${facts.uuid ?? 'missing'})`,
    );
  if (!facts.kind)
    error(
      'BR-KSA-06',
      'KSA',
      'The invoice transaction code (KSA-2) must start with 01 (standard) or 02 (simplified)',
    );
  if (input.endpoint === 'clearance' && facts.kind === 'simplified')
    error('invalid-invoice-type', 'REQUEST', 'Simplified invoices are reported, not cleared');
  if (input.endpoint === 'reporting' && facts.kind === 'standard')
    error('invalid-invoice-type', 'REQUEST', 'Standard invoices must be cleared, not reported');

  const hash = computeHashOrReport(xml, error);
  result.hash = hash;
  if (hash !== undefined) {
    if (hash !== invoiceHash)
      error(
        'invalid-invoice-hash',
        'INVOICE_HASHING_ERRORS',
        'The invoice hash API body does not match the (calculated) Hash of the XML',
      );
    if (facts.digestValue !== hash)
      error(
        'invalid-invoice-hash',
        'INVOICE_HASHING_ERRORS',
        'The invoiceSignedData digest in the signature does not match the calculated hash of the XML',
      );
  }

  const certificate = readCertificate(facts.certificateBase64);
  const signatureOk =
    certificate !== undefined &&
    hash !== undefined &&
    checkSignature(certificate, hash, facts.signatureValue);
  if (!certificate)
    error('certificate-missing', 'CERTIFICATE_ERRORS', 'ds:X509Certificate is missing or not a certificate');
  else if (!input.ca.issued(certificate))
    error(
      'certificate-not-issued',
      'CERTIFICATE_ERRORS',
      'The signing certificate was not issued by ZATCA (sandbox CA)',
    );
  else if (facts.certificateBase64 !== input.callerCertificateBase64)
    error(
      'certificate-mismatch',
      'CERTIFICATE_ERRORS',
      'The signing certificate is not the CSID used to authenticate this request',
    );
  if (certificate && hash !== undefined && !signatureOk)
    error(
      'invalid-signature',
      'SIGNATURE_ERRORS',
      'The ECDSA signature does not verify with the certificate in the invoice',
    );
  result.authentic = Boolean(
    certificate &&
    signatureOk &&
    input.ca.issued(certificate) &&
    facts.certificateBase64 === input.callerCertificateBase64,
  );

  if (certificate && hash !== undefined) checkQr(facts, hash, certificate, error);
  checkRules(facts, certificate, error, warning);
  if (hash !== undefined) checkChain(facts, hash, certificate, input, error);
  return result;
}

function computeHashOrReport(
  xml: string,
  error: (code: string, category: string, message: string) => void,
): string | undefined {
  try {
    return zatcaInvoiceHash(xml);
  } catch (cause) {
    error('XSD_ZERO', 'XSD_SCHEMA_ERROR', `Cannot canonicalise the invoice: ${(cause as Error).message}`);
    return undefined;
  }
}

function readCertificate(base64: string | undefined): X509Certificate | undefined {
  if (!base64) return undefined;
  try {
    return new X509Certificate(Buffer.from(base64, 'base64'));
  } catch {
    return undefined;
  }
}

/** ZATCA's signature is ECDSA-SHA256 over the 32 raw hash bytes, not over SignedInfo. */
function checkSignature(
  certificate: X509Certificate,
  hash: string,
  signatureValue: string | undefined,
): boolean {
  if (!signatureValue) return false;
  try {
    return verify(
      'sha256',
      Buffer.from(hash, 'base64'),
      certificate.publicKey,
      Buffer.from(signatureValue, 'base64'),
    );
  } catch {
    return false;
  }
}

function checkQr(
  facts: InvoiceFacts,
  hash: string,
  certificate: X509Certificate,
  error: (code: string, category: string, message: string) => void,
): void {
  const problem = (detail: string) =>
    error(
      'invalid-qr-code',
      'QR_CODE_ERROR',
      `QR code (KSA-14) is not consistent with the invoice: ${detail}`,
    );
  if (!facts.qr) return problem('missing');
  let tags: Map<number, Buffer>;
  try {
    tags = readQrTlv(facts.qr);
  } catch {
    return problem('not a TLV structure');
  }
  const textOf = (tag: number) => tags.get(tag)?.toString('utf8');
  if (textOf(1) !== facts.sellerName) problem('tag 1 is not the seller name');
  if (textOf(2) !== facts.sellerVat) problem('tag 2 is not the seller VAT number');
  if (textOf(4) !== facts.totals.payable && textOf(4) !== facts.totals.taxInclusive)
    problem('tag 4 is not the invoice total with VAT');
  if (textOf(5) !== facts.totals.taxAmounts[0]) problem('tag 5 is not the VAT total');
  if (textOf(6) !== hash) problem('tag 6 is not the invoice hash');
  if (textOf(7) !== facts.signatureValue) problem('tag 7 is not the signature value');
  const publicKeyDer = certificate.publicKey.export({ type: 'spki', format: 'der' });
  if (!tags.get(8)?.equals(publicKeyDer)) problem('tag 8 is not the public key of the certificate');
  if (facts.kind === 'simplified' && !tags.get(9)?.equals(certificateSignature(certificate.raw))) {
    problem('tag 9 is not the signature of the certificate');
  }
}

function checkRules(
  facts: InvoiceFacts,
  certificate: X509Certificate | undefined,
  error: (code: string, category: string, message: string) => void,
  warning: (code: string, category: string, message: string) => void,
): void {
  if (!facts.icv) error('BR-KSA-33', 'KSA', 'Each invoice must have an invoice counter value (KSA-16)');
  else if (!/^\d+$/.test(facts.icv))
    error('BR-KSA-34', 'KSA', 'The invoice counter value (KSA-16) contains only digits');
  if (!facts.pih) warning('BR-KSA-61', 'KSA', 'Previous invoice hash (KSA-13) must exist in an invoice');
  else if (Buffer.from(facts.pih, 'base64').length === 0)
    warning('BR-KSA-26', 'KSA', 'The previous invoice hash (KSA-13) must be base64 encoded SHA256');
  if (!facts.sellerVat)
    error('BR-KSA-39', 'KSA', 'The invoice must contain the seller VAT registration number (BT-31)');
  else if (!VAT_NUMBER.test(facts.sellerVat))
    error(
      'BR-KSA-40',
      'KSA',
      'The seller VAT registration number (BT-31) must contain 15 digits, the first and the last being 3',
    );
  const certificateVat = certificate ? egsIdentityOf(certificate).vatNumber : undefined;
  if (certificateVat && facts.sellerVat && certificateVat !== facts.sellerVat) {
    error(
      'vat-number-mismatch',
      'CERTIFICATE_ERRORS',
      `The seller VAT number ${facts.sellerVat} is not the VAT number of the EGS certificate (${certificateVat})`,
    );
  }
  const exportInvoice = facts.typeName?.charAt(4) === '1';
  if (facts.buyerVat && !exportInvoice && !VAT_NUMBER.test(facts.buyerVat))
    error(
      'BR-KSA-44',
      'KSA',
      'The buyer VAT registration number (BT-48) must contain 15 digits, the first and the last being 3',
    );
  if (facts.kind === 'standard' && !facts.buyerName)
    error('BR-KSA-42', 'KSA', 'The buyer name (BT-44) must be present in the tax invoice');
  if (facts.sellerBuildingNumber && !/^\d{4}$/.test(facts.sellerBuildingNumber))
    warning('BR-KSA-37', 'KSA', 'The seller address building number must contain 4 digits.');
  if (facts.sellerPostalCode && !/^\d{5}$/.test(facts.sellerPostalCode))
    warning('BR-KSA-66', 'KSA', 'Seller postal code (BT-38) must be 5 digits.');
  checkTotals(facts, error);
}

function checkTotals(
  facts: InvoiceFacts,
  error: (code: string, category: string, message: string) => void,
): void {
  const t = facts.totals;
  const numbers = [
    t.lineExtension,
    t.taxExclusive,
    t.taxInclusive,
    t.payable,
    ...facts.lineNetAmounts,
    t.taxTotal,
  ];
  if (numbers.some((value) => value === undefined || !/^-?\d+(\.\d+)?$/.test(value))) {
    error(
      'XSD_AMOUNT',
      'XSD_SCHEMA_ERROR',
      'Document totals (BG-22) and line net amounts must be present decimal numbers',
    );
    return;
  }
  const amount = (value: string | undefined) => new Decimal(value ?? '0');
  const lineNetTotal = facts.lineNetAmounts.reduce((total, net) => total.plus(amount(net)), new Decimal(0));
  if (!lineNetTotal.eq(amount(t.lineExtension)))
    error(
      'BR-CO-10',
      'EN16931',
      'Sum of Invoice line net amount (BT-106) = Σ Invoice line net amount (BT-131).',
    );
  if (
    !amount(t.lineExtension)
      .minus(amount(t.allowanceTotal))
      .plus(amount(t.chargeTotal))
      .eq(amount(t.taxExclusive))
  ) {
    error(
      'BR-CO-13',
      'EN16931',
      'Invoice total amount without VAT (BT-109) = Σ Invoice line net amount (BT-131) - Sum of allowances on document level (BT-107) + Sum of charges on document level (BT-108).',
    );
  }
  if (!amount(t.taxExclusive).plus(amount(t.taxTotal)).eq(amount(t.taxInclusive))) {
    error(
      'BR-CO-15',
      'EN16931',
      'Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).',
    );
  }
  if (!amount(t.taxInclusive).minus(amount(t.prepaid)).plus(amount(t.rounding)).eq(amount(t.payable))) {
    error(
      'BR-CO-16',
      'EN16931',
      'Amount due for payment (BT-115) = Invoice total amount with VAT (BT-112) - Paid amount (BT-113) + Rounding amount (BT-114).',
    );
  }
}

function checkChain(
  facts: InvoiceFacts,
  hash: string,
  certificate: X509Certificate | undefined,
  input: InvoiceCheckInput,
  error: (code: string, category: string, message: string) => void,
): void {
  if (!facts.icv || !/^\d+$/.test(facts.icv) || !certificate) return;
  const icv = Number(facts.icv);
  const chain = input.ledger.chainOf(
    input.endpoint === 'compliance' ? 'compliance' : 'production',
    certificate,
  );
  const same = chain.get(icv);
  if (same && same.uuid !== facts.uuid)
    error(
      'invalid-invoice-counter',
      'INVOICE_CHAIN_ERRORS',
      `Invoice counter value ${icv} was already used by invoice ${same.uuid} of this EGS unit`,
    );
  const previous = chain.get(icv - 1);
  if (icv === 1 && facts.pih !== FIRST_PREVIOUS_INVOICE_HASH)
    error(
      'invalid-previous-invoice-hash',
      'INVOICE_CHAIN_ERRORS',
      'The first invoice of an EGS unit must carry the initial previous invoice hash',
    );
  if (previous && previous.hash !== facts.pih)
    error(
      'invalid-previous-invoice-hash',
      'INVOICE_CHAIN_ERRORS',
      `Previous invoice hash (KSA-13) is not the hash of invoice counter ${icv - 1}`,
    );
  const next = chain.get(icv + 1);
  if (next && next.pih !== hash)
    error(
      'invalid-previous-invoice-hash',
      'INVOICE_CHAIN_ERRORS',
      `Invoice counter ${icv + 1} already names a different previous invoice hash`,
    );
}

function message_(
  type: 'ERROR' | 'WARNING',
  code: string,
  category: string,
  message: string,
): ValidationMessage {
  return { type, code, category, message, status: type };
}
