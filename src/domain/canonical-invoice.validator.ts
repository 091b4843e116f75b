import { type CanonicalInvoice, type Country } from './canonical-invoice';
import { type FieldError, type Outcome } from './field-error';
import { FieldReader } from './field-reader';
import { type InvoiceContext } from './invoice-context';
import { DOCUMENT_TYPES, SUPPLY_TYPES } from './invoice-enums';
import {
  isCurrencyCode,
  readAdditionalDocuments,
  readExport,
  readKsaDetails,
  readOriginalInvoice,
  readPayment,
  readTotals,
  readTransport,
} from './invoice-details.reader';
import { INVOICE_KEYS } from './invoice-keys';
import { readCharges, readLines } from './invoice-line.reader';
import { readBuyer, readDispatchFrom, readSeller, readShipTo, requireGstin } from './invoice-party.reader';
import { dec } from './money';

/** The currency a document of these countries is in when it names none. */
const DEFAULT_CURRENCY: Readonly<Partial<Record<Country, string>>> = { IN: 'INR', SA: 'SAR' };

const COUNTRY_CODE = /^[A-Z]{2}$/;

/**
 * GST rule 46 and NIC: at most 16 characters of letters, digits, "/" and "-", starting with a
 * letter or a digit other than 0.
 */
const INDIAN_DOCUMENT_NUMBER = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;

/**
 * Checks an untrusted JSON value (a webhook body, a CSV row group) against CanonicalInvoice: shape,
 * types, enums, decimal strings, ISO dates, and the rules every invoice obeys whatever the schema it
 * is mapped to (valid GSTINs and state codes, UQC, HSN format, notified GST rates, unique line
 * numbers, credit and debit notes naming the original invoice). It never checks arithmetic: the
 * schema mappers recompute and compare. Omitted optional amounts come back as "0", omitted flags as
 * false, and the currency defaults to INR or SAR by country (another country's document names its
 * currency). Every problem is reported, none thrown.
 */
export function validateCanonicalInvoice(input: unknown): Outcome<CanonicalInvoice> {
  const reader = new FieldReader();
  const invoice = readInvoice(reader, input);
  if (reader.errors.length > 0 || !invoice) return { ok: false, errors: reader.errors };
  return reader.warnings.length > 0
    ? { ok: true, value: invoice, warnings: reader.warnings }
    : { ok: true, value: invoice };
}

/** The same check, for callers that only need the errors (an empty list when valid). */
export function canonicalInvoiceErrors(input: unknown): FieldError[] {
  const outcome = validateCanonicalInvoice(input);
  return outcome.ok ? [] : outcome.errors;
}

function readInvoice(r: FieldReader, input: unknown): CanonicalInvoice | undefined {
  const root = r.object(input, '', INVOICE_KEYS);
  if (!root) return undefined;
  const ctx: InvoiceContext = {
    country: readCountry(r, root),
    supplyType: r.checkedEnum(root, 'supplyType', '', SUPPLY_TYPES),
  };
  const documentType = r.requiredEnum(root, 'documentType', '', DOCUMENT_TYPES);
  // Set field by field in the contract's order, an optional one only when present (see readLine).
  const invoice = {} as CanonicalInvoice;
  invoice.country = ctx.country ?? 'IN';
  invoice.documentType = documentType;
  invoice.documentNumber = readDocumentNumber(r, root, ctx);
  invoice.documentDate = r.requiredDate(root, 'documentDate', '');
  invoice.supplyType = ctx.supplyType ?? 'B2B';
  invoice.reverseCharge = r.booleanOr(root, 'reverseCharge', '', false);
  invoice.igstOnIntra = r.booleanOr(root, 'igstOnIntra', '', false);
  const ecommerceGstin = readEcommerceGstin(r, root, ctx);
  if (ecommerceGstin !== undefined) invoice.ecommerceGstin = ecommerceGstin;
  invoice.currency = readCurrency(r, root, ctx);
  const exchangeRate = readExchangeRate(r, root);
  if (exchangeRate !== undefined) invoice.exchangeRate = exchangeRate;
  invoice.seller = readSeller(r, root, ctx);
  invoice.buyer = readBuyer(r, root, ctx);
  const dispatchFrom = readDispatchFrom(r, root, ctx);
  if (dispatchFrom !== undefined) invoice.dispatchFrom = dispatchFrom;
  const shipTo = readShipTo(r, root, ctx);
  if (shipTo !== undefined) invoice.shipTo = shipTo;
  invoice.lines = readLines(r, root, ctx);
  invoice.charges = readCharges(r, root);
  invoice.documentDiscount = r.decimalOrZero(root, 'documentDiscount', '');
  if (root.allowances != null) invoice.allowances = readCharges(r, root, 'allowances');
  invoice.totals = readTotals(r, root);
  const originalInvoice = readOriginalInvoice(r, root);
  if (originalInvoice !== undefined) invoice.originalInvoice = originalInvoice;
  const transport = readTransport(r, root);
  if (transport !== undefined) invoice.transport = transport;
  const exportDetails = readExport(r, root);
  if (exportDetails !== undefined) invoice.export = exportDetails;
  const payment = readPayment(r, root);
  if (payment !== undefined) invoice.payment = payment;
  const additionalDocuments = readAdditionalDocuments(r, root);
  if (additionalDocuments !== undefined) invoice.additionalDocuments = additionalDocuments;
  const ksa = readKsaDetails(r, root);
  if (ksa !== undefined) invoice.ksa = ksa;
  const notes = r.optionalString(root, 'notes', '');
  if (notes !== undefined) invoice.notes = notes;
  const isNote = invoice.documentType === 'CRN' || invoice.documentType === 'DBN';
  if (isNote && !invoice.originalInvoice && root.originalInvoice == null) {
    r.report(
      'originalInvoice',
      'originalInvoice.required',
      'a credit or debit note names the invoice it adjusts',
    );
  }
  return invoice;
}

function readDocumentNumber(r: FieldReader, root: Record<string, unknown>, ctx: InvoiceContext): string {
  const documentNumber = r.requiredString(root, 'documentNumber', '');
  if (ctx.country === 'IN' && documentNumber.trim() !== '' && !INDIAN_DOCUMENT_NUMBER.test(documentNumber)) {
    r.report(
      'documentNumber',
      'documentNumber.format',
      'an Indian invoice number has at most 16 characters: letters, digits, "-" and "/", starting with a letter or 1-9',
      documentNumber,
    );
  }
  return documentNumber;
}

function readEcommerceGstin(
  r: FieldReader,
  root: Record<string, unknown>,
  ctx: InvoiceContext,
): string | undefined {
  const gstin = r.optionalString(root, 'ecommerceGstin', '');
  if (gstin !== undefined && ctx.country === 'IN') requireGstin(r, gstin, 'ecommerceGstin');
  return gstin;
}

function readCountry(r: FieldReader, root: Record<string, unknown>): Country | undefined {
  if (root.country === undefined || root.country === null) {
    r.report('country', 'required', 'is required');
    return undefined;
  }
  if (typeof root.country !== 'string' || !COUNTRY_CODE.test(root.country)) {
    r.report(
      'country',
      'country.format',
      'must be an ISO 3166-1 alpha-2 country code in capitals, such as IN or SA',
      root.country,
    );
    return undefined;
  }
  return root.country;
}

function readCurrency(r: FieldReader, root: Record<string, unknown>, ctx: InvoiceContext): string {
  const currency = r.optionalString(root, 'currency', '');
  if (currency === undefined) {
    if (!ctx.country) return '';
    const known = DEFAULT_CURRENCY[ctx.country];
    if (!known) {
      r.report('currency', 'required', `is required for a document of ${ctx.country} (no default currency)`);
    }
    return known ?? '';
  }
  if (!isCurrencyCode(currency)) {
    r.report('currency', 'currency.format', 'must be an ISO 4217 code such as INR, SAR or USD', currency);
  }
  return currency;
}

function readExchangeRate(r: FieldReader, root: Record<string, unknown>): string | undefined {
  const rate = r.optionalDecimal(root, 'exchangeRate', '');
  if (rate !== undefined && dec(rate).isZero()) {
    r.report('exchangeRate', 'decimal.positive', 'must be greater than 0', rate);
  }
  return rate;
}
