import {
  type AdditionalDocument,
  type ExportDetails,
  type InvoiceTotals,
  type KsaDetails,
  type OriginalInvoiceReference,
  type PaymentDetails,
  type TransportDetails,
} from './canonical-invoice';
import { childPath, type FieldReader, type JsonObject, withoutUndefined } from './field-reader';
import { TRANSPORT_MODES } from './invoice-enums';
import { readKsaPrepayments } from './ksa-prepayment.reader';
import {
  ADDITIONAL_DOCUMENT_KEYS,
  EXPORT_KEYS,
  KSA_KEYS,
  ORIGINAL_INVOICE_KEYS,
  PAYMENT_KEYS,
  TOTALS_KEYS,
  TRANSPORT_KEYS,
} from './invoice-keys';

const VEHICLE_TYPES: readonly ('R' | 'O')[] = ['R', 'O'];
const KSA_INVOICE_KINDS: readonly KsaDetails['invoiceKind'][] = ['standard', 'simplified'];

/** The longest e-way bill distance NIC accepts. */
const MAX_DISTANCE_KM = 4000;
const CURRENCY_CODE = /^[A-Z]{3}$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;
const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readTotals(r: FieldReader, root: JsonObject): InvoiceTotals {
  const path = 'totals';
  const source = r.requiredObject(root, path, '', TOTALS_KEYS);
  if (!source) return zeroTotals();
  // Set field by field in the contract's order, an optional one only when present (see readLine).
  const totals = {} as InvoiceTotals;
  totals.taxableValue = r.requiredDecimal(source, 'taxableValue', path);
  totals.igst = r.decimalOrZero(source, 'igst', path);
  totals.cgst = r.decimalOrZero(source, 'cgst', path);
  totals.sgst = r.decimalOrZero(source, 'sgst', path);
  totals.cess = r.decimalOrZero(source, 'cess', path);
  totals.stateCess = r.decimalOrZero(source, 'stateCess', path);
  totals.vat = r.decimalOrZero(source, 'vat', path);
  const vatInAccountingCurrency = r.optionalDecimal(source, 'vatInAccountingCurrency', path);
  if (vatInAccountingCurrency !== undefined) totals.vatInAccountingCurrency = vatInAccountingCurrency;
  totals.discount = r.decimalOrZero(source, 'discount', path);
  totals.otherCharges = r.decimalOrZero(source, 'otherCharges', path);
  totals.roundOff = r.decimalOrZero(source, 'roundOff', path, { allowNegative: true });
  totals.invoiceTotal = r.requiredDecimal(source, 'invoiceTotal', path);
  const invoiceTotalForeignCurrency = r.optionalDecimal(source, 'invoiceTotalForeignCurrency', path);
  if (invoiceTotalForeignCurrency !== undefined)
    totals.invoiceTotalForeignCurrency = invoiceTotalForeignCurrency;
  const prepaidAmount = r.optionalDecimal(source, 'prepaidAmount', path);
  if (prepaidAmount !== undefined) totals.prepaidAmount = prepaidAmount;
  return totals;
}

export function readOriginalInvoice(r: FieldReader, root: JsonObject): OriginalInvoiceReference | undefined {
  const path = 'originalInvoice';
  const source = r.optionalObject(root, path, '', ORIGINAL_INVOICE_KEYS);
  if (!source) return undefined;
  return withoutUndefined({
    number: r.requiredString(source, 'number', path),
    date: r.requiredDate(source, 'date', path),
    reason: r.optionalString(source, 'reason', path),
  });
}

export function readTransport(r: FieldReader, root: JsonObject): TransportDetails | undefined {
  const path = 'transport';
  const source = r.optionalObject(root, path, '', TRANSPORT_KEYS);
  if (!source) return undefined;
  return withoutUndefined({
    transporterId: r.optionalString(source, 'transporterId', path),
    transporterName: r.optionalString(source, 'transporterName', path),
    mode: r.optionalEnum(source, 'mode', path, TRANSPORT_MODES),
    distanceKm: r.optionalInteger(source, 'distanceKm', path, { min: 0, max: MAX_DISTANCE_KM }),
    vehicleNumber: r.optionalString(source, 'vehicleNumber', path),
    vehicleType: r.optionalEnum(source, 'vehicleType', path, VEHICLE_TYPES),
    transportDocNumber: r.optionalString(source, 'transportDocNumber', path),
    transportDocDate: r.optionalDate(source, 'transportDocDate', path),
  });
}

export function readExport(r: FieldReader, root: JsonObject): ExportDetails | undefined {
  const path = 'export';
  const source = r.optionalObject(root, path, '', EXPORT_KEYS);
  if (!source) return undefined;
  const details: ExportDetails = withoutUndefined({
    shippingBillNumber: r.optionalString(source, 'shippingBillNumber', path),
    shippingBillDate: r.optionalDate(source, 'shippingBillDate', path),
    portCode: r.optionalString(source, 'portCode', path),
    countryCode: r.optionalString(source, 'countryCode', path),
    foreignCurrency: r.optionalString(source, 'foreignCurrency', path),
    refundClaim: r.optionalBoolean(source, 'refundClaim', path),
    exportDuty: r.optionalDecimal(source, 'exportDuty', path),
  });
  if (details.countryCode !== undefined && !COUNTRY_CODE.test(details.countryCode)) {
    r.report(
      'export.countryCode',
      'countryCode.format',
      'must be an ISO 3166 alpha-2 code such as US',
      details.countryCode,
    );
  }
  if (details.foreignCurrency !== undefined && !CURRENCY_CODE.test(details.foreignCurrency)) {
    r.report(
      'export.foreignCurrency',
      'currency.format',
      'must be an ISO 4217 code such as USD',
      details.foreignCurrency,
    );
  }
  return details;
}

export function readPayment(r: FieldReader, root: JsonObject): PaymentDetails | undefined {
  const path = 'payment';
  const source = r.optionalObject(root, path, '', PAYMENT_KEYS);
  if (!source) return undefined;
  return withoutUndefined({
    payeeName: r.optionalString(source, 'payeeName', path),
    accountNumber: r.optionalString(source, 'accountNumber', path),
    ifsc: r.optionalString(source, 'ifsc', path),
    mode: r.optionalString(source, 'mode', path),
    terms: r.optionalString(source, 'terms', path),
    instructions: r.optionalString(source, 'instructions', path),
    creditDays: r.optionalInteger(source, 'creditDays', path, { min: 0 }),
    paidAmount: r.optionalDecimal(source, 'paidAmount', path),
    dueAmount: r.optionalDecimal(source, 'dueAmount', path),
    meansCode: r.optionalString(source, 'meansCode', path),
  });
}

export function readAdditionalDocuments(r: FieldReader, root: JsonObject): AdditionalDocument[] | undefined {
  const items = r.array(root, 'additionalDocuments', '', false);
  return items?.map((item, index) => {
    const path = childPath('additionalDocuments', index);
    const source = r.object(item, path, ADDITIONAL_DOCUMENT_KEYS);
    if (!source) return {};
    const errorsBefore = r.errors.length;
    const document: AdditionalDocument = withoutUndefined({
      url: r.optionalString(source, 'url', path),
      document: r.optionalString(source, 'document', path),
      information: r.optionalString(source, 'information', path),
    });
    if (Object.keys(document).length === 0 && r.errors.length === errorsBefore) {
      r.report(path, 'additionalDocument.empty', 'needs a url, a document or information');
    }
    return document;
  });
}

export function readKsaDetails(r: FieldReader, root: JsonObject): KsaDetails | undefined {
  const path = 'ksa';
  const source = r.optionalObject(root, path, '', KSA_KEYS);
  if (!source) return undefined;
  const details: KsaDetails = withoutUndefined({
    invoiceKind: r.requiredEnum(source, 'invoiceKind', path, KSA_INVOICE_KINDS),
    issueTime: r.optionalString(source, 'issueTime', path),
    supplyDate: r.optionalDate(source, 'supplyDate', path),
    supplyEndDate: r.optionalDate(source, 'supplyEndDate', path),
    thirdParty: r.optionalBoolean(source, 'thirdParty', path),
    nominal: r.optionalBoolean(source, 'nominal', path),
    exports: r.optionalBoolean(source, 'exports', path),
    summary: r.optionalBoolean(source, 'summary', path),
    selfBilled: r.optionalBoolean(source, 'selfBilled', path),
    egsUnitId: r.optionalString(source, 'egsUnitId', path),
    uuid: r.optionalString(source, 'uuid', path),
    prepayments: readKsaPrepayments(r, source),
  });
  if (details.issueTime !== undefined && !TIME_OF_DAY.test(details.issueTime)) {
    r.report('ksa.issueTime', 'time.format', 'must be a time of day written HH:mm:ss', details.issueTime);
  }
  if (details.uuid !== undefined && !UUID.test(details.uuid)) {
    r.report(
      'ksa.uuid',
      'uuid.format',
      'must be a UUID such as 3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
      details.uuid,
    );
  }
  return details;
}

export function isCurrencyCode(value: string): boolean {
  return CURRENCY_CODE.test(value);
}

function zeroTotals(): InvoiceTotals {
  return {
    taxableValue: '0',
    igst: '0',
    cgst: '0',
    sgst: '0',
    cess: '0',
    stateCess: '0',
    vat: '0',
    discount: '0',
    otherCharges: '0',
    roundOff: '0',
    invoiceTotal: '0',
  };
}
