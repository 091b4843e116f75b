/**
 * Field-level checks a CanonicalInvoice must pass before it becomes ZATCA UBL. Each maps to the BR-KSA or
 * EN16931 rule that ZATCA would otherwise reject the document with; the rule id is in the message.
 */
import {
  type Address,
  type CanonicalInvoice,
  type DocumentCharge,
  type InvoiceLine,
  type Party,
  type VatCategory,
  fieldError,
  type FieldError,
  dec,
  isDecimalString,
} from '../../domain';
import {
  ALLOWANCE_REASON_CODES,
  BUYER_ID_SCHEMES,
  CITIZEN_EXEMPTIONS,
  EXEMPTION_REASONS,
  PAYMENT_MEANS_CODES,
  SAUDI_RIYAL,
  SELLER_ID_SCHEMES,
  STANDARD_RATES,
} from './zatca-codes';
import { validatePrepayments } from './zatca-prepayments';

export interface ZatcaChainInput {
  /** Invoice counter value (KSA-16) of the issuing EGS unit. */
  icv: number;
  /** Previous invoice hash (KSA-13), base64. */
  pih: string;
  /** KSA-1; letters, digits and dashes. */
  uuid: string;
}

const VAT_NUMBER = /^3\d{13}3$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(Z)?$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/**
 * The QR (at most 1000 base64 characters, BR-CL-KSA-14) repeats the seller name next to about 370 bytes of
 * hash, signature and keys, which leaves room for a name of this many UTF-8 bytes.
 */
export const MAX_SELLER_NAME_BYTES = 360;

export function validateForZatca(invoice: CanonicalInvoice, chain: ZatcaChainInput): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string, rule: string, message: string, value?: unknown) =>
    errors.push(fieldError(path, rule, message, value));

  if (invoice.country !== 'SA')
    add('country', 'ksa.country', 'ZATCA invoices are issued in SA', invoice.country);
  if (!invoice.ksa) add('ksa', 'required', 'KSA details (invoice kind, issue time) are required');
  validateChain(chain, add);
  validateHeader(invoice, add);
  validateSeller(invoice.seller, add);
  validateBuyer(invoice, add);
  invoice.lines.forEach((line, index) => validateLine(invoice, line, `lines[${index}]`, add));
  if (invoice.lines.length === 0) add('lines', 'required', 'an invoice needs at least one line');
  validateDocumentLevel(invoice, add);
  return errors;
}

type Add = (path: string, rule: string, message: string, value?: unknown) => void;

function validateChain(chain: ZatcaChainInput, add: Add): void {
  if (!Number.isSafeInteger(chain.icv) || chain.icv < 1) {
    add('chain.icv', 'ksa.icv', 'the invoice counter is a positive integer (BR-KSA-34)', chain.icv);
  }
  if (!BASE64.test(chain.pih))
    add('chain.pih', 'ksa.pih', 'the previous invoice hash is base64 (BR-KSA-26)', chain.pih);
  if (!/^[A-Za-z0-9-]+$/.test(chain.uuid)) {
    add('chain.uuid', 'ksa.uuid', 'the UUID holds only letters, digits and dashes (BR-KSA-03)', chain.uuid);
  }
}

function validateHeader(invoice: CanonicalInvoice, add: Add): void {
  const ksa = invoice.ksa;
  if (!invoice.documentNumber?.trim()) add('documentNumber', 'required', 'the invoice number is required');
  if (!DATE.test(invoice.documentDate))
    add('documentDate', 'date.format', 'dates are YYYY-MM-DD', invoice.documentDate);
  if (!/^[A-Z]{3}$/.test(invoice.currency))
    add('currency', 'currency.iso4217', 'an ISO 4217 code', invoice.currency);
  if (!ksa) return;
  if (!ksa.issueTime || !TIME.test(ksa.issueTime)) {
    add(
      'ksa.issueTime',
      'ksa.issueTime',
      'the issue time is required as hh:mm:ss (BR-KSA-70)',
      ksa.issueTime,
    );
  }
  const simplified = ksa.invoiceKind === 'simplified';
  if (ksa.selfBilled && simplified) {
    add('ksa.selfBilled', 'ksa.selfBilling', 'simplified invoices cannot be self-billed (BR-KSA-31)');
  }
  if (ksa.selfBilled && ksa.exports) {
    add('ksa.selfBilled', 'ksa.selfBilling', 'export invoices cannot be self-billed (BR-KSA-07)');
  }
  for (const field of ['supplyDate', 'supplyEndDate'] as const) {
    const value = ksa[field];
    if (value !== undefined && !DATE.test(value))
      add(`ksa.${field}`, 'date.format', 'dates are YYYY-MM-DD', value);
  }
  if (ksa.supplyEndDate && !ksa.supplyDate) {
    add('ksa.supplyDate', 'required', 'a supply end date needs a supply date (BR-KSA-35)');
  }
  if (ksa.supplyEndDate && ksa.supplyDate && ksa.supplyEndDate < ksa.supplyDate) {
    add('ksa.supplyEndDate', 'ksa.supplyPeriod', 'the supply end date is before the supply date (BR-KSA-36)');
  }
  if (simplified && ksa.summary && !ksa.supplyEndDate) {
    add('ksa.supplyEndDate', 'required', 'a simplified summary invoice needs the supply period (BR-KSA-72)');
  }
  if (invoice.documentType !== 'INV') {
    const reference = invoice.originalInvoice;
    if (!reference?.number?.trim()) {
      add(
        'originalInvoice.number',
        'required',
        'credit and debit notes reference the original invoice (BR-KSA-56)',
      );
    }
    if (!reference?.reason?.trim()) {
      add('originalInvoice.reason', 'required', 'credit and debit notes state the reason (BR-KSA-17)');
    } else if (reference.reason.length > 1000) {
      add('originalInvoice.reason', 'length', 'the reason is at most 1000 characters (BR-KSA-F-06-C13)');
    }
  }
  if (invoice.currency !== SAUDI_RIYAL && !invoice.totals.vatInAccountingCurrency && !invoice.exchangeRate) {
    add(
      'exchangeRate',
      'required',
      'a foreign-currency invoice states its VAT in SAR or the exchange rate (BR-KSA-EN16931-09)',
    );
  }
  if (invoice.exchangeRate !== undefined && !positiveDecimal(invoice.exchangeRate)) {
    add('exchangeRate', 'decimal', 'the exchange rate is a positive decimal', invoice.exchangeRate);
  }
  const vatSar = invoice.totals.vatInAccountingCurrency;
  if (vatSar !== undefined && !isDecimalString(vatSar, { maxScale: 2 })) {
    add('totals.vatInAccountingCurrency', 'decimal.scale', 'an amount with at most 2 decimals', vatSar);
  }
  validatePrepayments(invoice, add);
  const means = invoice.payment?.meansCode;
  if (means !== undefined && !PAYMENT_MEANS_CODES.has(means)) {
    add('payment.meansCode', 'ksa.paymentMeans', 'a UNTDID 4461 payment means code (BR-KSA-16)', means);
  }
}

function validateSeller(seller: Party, add: Add): void {
  if (!seller.vatNumber || !VAT_NUMBER.test(seller.vatNumber)) {
    add(
      'seller.vatNumber',
      'ksa.vatNumber',
      'the seller VAT number has 15 digits, first and last 3 (BR-KSA-40)',
      seller.vatNumber,
    );
  }
  if (!seller.legalName?.trim() && !seller.legalNameArabic?.trim()) {
    add('seller.legalName', 'required', 'the seller name is required');
  } else if (Buffer.byteLength(partyRegistrationName(seller), 'utf8') > MAX_SELLER_NAME_BYTES) {
    add(
      'seller.legalName',
      'ksa.sellerNameLength',
      `the seller name must fit the QR code: at most ${MAX_SELLER_NAME_BYTES} UTF-8 bytes (BR-CL-KSA-14)`,
      partyRegistrationName(seller),
    );
  }
  const ids = (seller.otherIds ?? []).filter((id) => SELLER_ID_SCHEMES.includes(id.scheme));
  if (ids.length === 0) {
    add(
      'seller.otherIds',
      'required',
      `the seller needs one id with scheme ${SELLER_ID_SCHEMES.join('/')} (BR-KSA-08)`,
    );
  } else if (!/^[A-Za-z0-9]+$/.test(ids[0].value)) {
    add(
      'seller.otherIds',
      'ksa.partyId',
      'the seller id holds only letters and digits (BR-KSA-08)',
      ids[0].value,
    );
  }
  validateSaudiAddress(seller.address, 'seller.address', add);
  if (seller.address.countryCode !== 'SA') {
    add('seller.address.countryCode', 'ksa.sellerCountry', 'the seller is in SA', seller.address.countryCode);
  }
}

function validateBuyer(invoice: CanonicalInvoice, add: Add): void {
  const buyer = invoice.buyer;
  const standard = invoice.ksa?.invoiceKind !== 'simplified';
  if (buyer.vatNumber !== undefined && buyer.vatNumber !== '') {
    if (!VAT_NUMBER.test(buyer.vatNumber)) {
      add(
        'buyer.vatNumber',
        'ksa.vatNumber',
        'the buyer VAT number has 15 digits, first and last 3 (BR-KSA-44)',
        buyer.vatNumber,
      );
    } else if (buyer.vatNumber === invoice.seller.vatNumber) {
      add(
        'buyer.vatNumber',
        'ksa.sameParty',
        'buyer and seller VAT numbers must differ (BR-CUSTOM-VALIDATION-01)',
      );
    }
  }
  (buyer.otherIds ?? []).forEach((id, index) => {
    if (!BUYER_ID_SCHEMES.includes(id.scheme) || !/^[A-Za-z0-9]+$/.test(id.value)) {
      add(
        `buyer.otherIds[${index}]`,
        'ksa.partyId',
        `scheme ${BUYER_ID_SCHEMES.join('/')} and an alphanumeric value (BR-KSA-14)`,
        id,
      );
    }
  });
  if (!standard) return;
  if (!buyer.legalName?.trim() && !buyer.legalNameArabic?.trim()) {
    add('buyer.legalName', 'required', 'a tax invoice names the buyer (BR-KSA-42)');
  }
  if (!buyer.vatNumber && !(buyer.otherIds ?? []).some((id) => BUYER_ID_SCHEMES.includes(id.scheme))) {
    add(
      'buyer.vatNumber',
      'required',
      'a tax invoice needs the buyer VAT number or another buyer id (BR-KSA-81)',
    );
  }
  if (buyer.address.countryCode === 'SA') validateSaudiAddress(buyer.address, 'buyer.address', add);
  else {
    if (!addressStreet(buyer.address))
      add('buyer.address.street', 'required', 'the buyer street is required (BR-KSA-10)');
    if (!buyer.address.city?.trim())
      add('buyer.address.city', 'required', 'the buyer city is required (BR-KSA-10)');
  }
}

function validateSaudiAddress(address: Address, path: string, add: Add): void {
  if (!addressStreet(address))
    add(`${path}.street`, 'required', 'the street name is required (BR-KSA-09/63)');
  if (!address.buildingNumber || !/^\d{4}$/.test(address.buildingNumber)) {
    add(
      `${path}.buildingNumber`,
      'ksa.buildingNumber',
      'the building number has 4 digits (BR-KSA-37)',
      address.buildingNumber,
    );
  }
  if (!address.postalCode || !/^\d{5}$/.test(address.postalCode)) {
    add(
      `${path}.postalCode`,
      'ksa.postalCode',
      'the postal code has 5 digits (BR-KSA-66/67)',
      address.postalCode,
    );
  }
  if (!address.city?.trim()) add(`${path}.city`, 'required', 'the city is required (BR-KSA-09/63)');
  if (!address.district?.trim())
    add(`${path}.district`, 'required', 'the district is required (BR-KSA-09/63)');
}

function validateLine(invoice: CanonicalInvoice, line: InvoiceLine, path: string, add: Add): void {
  if (!line.description?.trim()) add(`${path}.description`, 'required', 'the item name is required');
  if (!line.unit?.trim()) add(`${path}.unit`, 'required', 'the unit code is required');
  for (const field of ['quantity', 'unitPrice', 'discount', 'taxRate'] as const) {
    if (!isDecimalString(line[field]))
      add(`${path}.${field}`, 'decimal', 'a non-negative decimal (BR-KSA-F-04)', line[field]);
  }
  if (!isDecimalString(line.taxRate, { maxScale: 2 }) || dec(line.taxRate).greaterThan(100)) {
    add(
      `${path}.taxRate`,
      'ksa.rate',
      'a VAT rate from 0 to 100 with at most 2 decimals (BR-KSA-DEC-02)',
      line.taxRate,
    );
    return;
  }
  const category = lineCategory(line);
  validateCategory(category, line.taxRate, line.exemptionReasonCode, path, add);
  if (line.exemptionReasonCode && CITIZEN_EXEMPTIONS.has(line.exemptionReasonCode)) {
    if (!(invoice.buyer.otherIds ?? []).some((id) => id.scheme === 'NAT')) {
      add(
        'buyer.otherIds',
        'required',
        `${line.exemptionReasonCode} needs the buyer's national id, scheme NAT (BR-KSA-49)`,
      );
    }
  }
}

function validateEntryAmountAndTax(entry: DocumentCharge, path: string, add: Add): void {
  if (!isDecimalString(entry.amount))
    add(`${path}.amount`, 'decimal', 'a non-negative decimal', entry.amount);
  if (entry.vatCategory === undefined && entry.taxRate === undefined) return;
  if (!entry.vatCategory || !entry.taxRate || !isDecimalString(entry.taxRate, { maxScale: 2 })) {
    add(path, 'ksa.chargeTax', 'an allowance or charge states both its VAT category and rate');
  } else validateCategory(entry.vatCategory, entry.taxRate, 'present', path, add);
}

function validateDocumentLevel(invoice: CanonicalInvoice, add: Add): void {
  if (!isDecimalString(invoice.documentDiscount)) {
    add('documentDiscount', 'decimal', 'a non-negative decimal (BR-KSA-F-04)', invoice.documentDiscount);
  }
  (invoice.allowances ?? []).forEach((allowance, index) => {
    const path = `allowances[${index}]`;
    validateEntryAmountAndTax(allowance, path, add);
    if (!allowance.description?.trim())
      add(`${path}.description`, 'required', 'the allowance reason is required (BR-33)');
    const code = allowance.reasonCode?.trim();
    if (code && !ALLOWANCE_REASON_CODES.has(code))
      add(
        `${path}.reasonCode`,
        'ksa.allowanceReasonCode',
        `an allowance reason code is one of UNTDID 5189: ${[...ALLOWANCE_REASON_CODES].join(', ')} (BR-CL-19)`,
        code,
      );
  });
  invoice.charges.forEach((charge, index) => {
    const path = `charges[${index}]`;
    validateEntryAmountAndTax(charge, path, add);
    if (!charge.description?.trim())
      add(`${path}.description`, 'required', 'the charge reason is required (BR-KSA-21)');
  });
  const codesByCategory = new Map<string, Set<string>>();
  for (const line of invoice.lines) {
    const category = lineCategory(line);
    if (!category || category === 'S' || !line.exemptionReasonCode) continue;
    codesByCategory.set(category, (codesByCategory.get(category) ?? new Set()).add(line.exemptionReasonCode));
  }
  for (const [category, codes] of codesByCategory) {
    if (codes.size > 1) {
      add(
        'lines',
        'ksa.exemptionReason',
        `one VAT breakdown per category: category ${category} lines share one exemption code (BR-${category}-01)`,
        [...codes],
      );
    }
  }
  const categories = new Set(invoice.lines.map((line) => `${lineCategory(line)}/${line.taxRate}`));
  const needsLineTreatment =
    (isDecimalString(invoice.documentDiscount) && !dec(invoice.documentDiscount).isZero()) ||
    invoice.charges.some((charge) => !charge.vatCategory);
  if (needsLineTreatment && categories.size > 1) {
    add(
      'documentDiscount',
      'ksa.documentLevelCategory',
      'a document discount or an untaxed charge is allowed only when every line has the same VAT category and rate',
    );
  }
}

function validateCategory(
  category: VatCategory | undefined,
  rate: string,
  exemptionCode: string | undefined,
  path: string,
  add: Add,
): void {
  if (!category) {
    add(`${path}.vatCategory`, 'ksa.vatCategory', 'the VAT category (S, Z, E or O) is required (BR-KSA-18)');
    return;
  }
  if (category === 'S') {
    if (!STANDARD_RATES.some((allowed) => dec(allowed).equals(dec(rate)))) {
      add(`${path}.taxRate`, 'ksa.standardRate', 'the standard rate is 15 or 5 percent (BR-KSA-84)', rate);
    }
    return;
  }
  if (!dec(rate).isZero())
    add(`${path}.taxRate`, 'ksa.zeroRate', `category ${category} has rate 0 (BR-KSA-11, BR-Z/E/O)`, rate);
  if (exemptionCode === 'present') return;
  if (!exemptionCode || !(exemptionCode in EXEMPTION_REASONS[category])) {
    add(
      `${path}.exemptionReasonCode`,
      'ksa.exemptionReason',
      `category ${category} needs one of ${Object.keys(EXEMPTION_REASONS[category]).join(', ')} (BR-KSA-CL-04)`,
      exemptionCode,
    );
  }
}

/** A line without a category is standard-rated when its rate is a standard rate. */
export function lineCategory(line: InvoiceLine): VatCategory | undefined {
  if (line.vatCategory) return line.vatCategory;
  return STANDARD_RATES.some((rate) => isDecimalString(line.taxRate) && dec(rate).equals(dec(line.taxRate)))
    ? 'S'
    : undefined;
}

export function addressStreet(address: Address): string {
  return (address.street ?? address.line1 ?? '').trim();
}

/** BT-27 / BT-44 as ZATCA's samples write it: "Arabic | English" when both are known. */
export function partyRegistrationName(party: Party): string {
  const arabic = party.legalNameArabic?.trim();
  const english = party.legalName?.trim();
  if (arabic && english && arabic !== english) return `${arabic} | ${english}`;
  return arabic || english || '';
}

function positiveDecimal(value: string): boolean {
  return isDecimalString(value) && dec(value).greaterThan(0);
}
