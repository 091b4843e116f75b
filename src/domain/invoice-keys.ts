import {
  type AdditionalDocument,
  type Address,
  type Buyer,
  type CanonicalInvoice,
  type DispatchFrom,
  type DocumentCharge,
  type ExportDetails,
  type InvoiceLine,
  type InvoiceTotals,
  type KsaDetails,
  type KsaPrepayment,
  type KsaPrepaymentVat,
  type OriginalInvoiceReference,
  type Party,
  type PartyIdentifier,
  type PaymentDetails,
  type TransportDetails,
} from './canonical-invoice';

/**
 * The property names each part of CanonicalInvoice may carry, for rejecting unknown properties.
 * `exactKeys` fails to compile when a list misses a property, so a field added to the contract
 * cannot be silently rejected as "unknown".
 */
function exactKeys<T>() {
  return <const K extends readonly (keyof T & string)[]>(
    keys: K & (Exclude<keyof T, K[number]> extends never ? unknown : never),
  ): readonly string[] => keys;
}

export const INVOICE_KEYS = exactKeys<CanonicalInvoice>()([
  'country',
  'documentType',
  'documentNumber',
  'documentDate',
  'supplyType',
  'reverseCharge',
  'igstOnIntra',
  'ecommerceGstin',
  'currency',
  'exchangeRate',
  'seller',
  'buyer',
  'dispatchFrom',
  'shipTo',
  'lines',
  'charges',
  'documentDiscount',
  'allowances',
  'totals',
  'originalInvoice',
  'transport',
  'export',
  'payment',
  'additionalDocuments',
  'ksa',
  'notes',
]);

export const ADDRESS_KEYS = exactKeys<Address>()([
  'line1',
  'line2',
  'city',
  'postalCode',
  'stateCode',
  'countryCode',
  'buildingNumber',
  'additionalNumber',
  'district',
  'street',
]);

export const PARTY_KEYS = exactKeys<Party>()([
  'gstin',
  'vatNumber',
  'legalName',
  'tradeName',
  'legalNameArabic',
  'address',
  'phone',
  'email',
  'otherIds',
]);

export const BUYER_KEYS = exactKeys<Buyer>()([...(PARTY_KEYS as (keyof Party)[]), 'placeOfSupply'] as const);

export const PARTY_IDENTIFIER_KEYS = exactKeys<PartyIdentifier>()(['scheme', 'value']);

export const DISPATCH_FROM_KEYS = exactKeys<DispatchFrom>()(['name', 'address']);

export const LINE_KEYS = exactKeys<InvoiceLine>()([
  'lineNo',
  'description',
  'hsnCode',
  'isService',
  'quantity',
  'unit',
  'unitPrice',
  'grossAmount',
  'discount',
  'taxableValue',
  'taxRate',
  'igstAmount',
  'cgstAmount',
  'sgstAmount',
  'cessRate',
  'cessAmount',
  'cessNonAdvolAmount',
  'stateCessRate',
  'stateCessAmount',
  'stateCessNonAdvolAmount',
  'vatAmount',
  'otherCharges',
  'totalAmount',
  'vatCategory',
  'exemptionReasonCode',
  'exemptionReason',
  'batch',
  'attributes',
  'barcode',
  'freeQuantity',
  'preTaxValue',
]);

export const BATCH_KEYS = exactKeys<NonNullable<InvoiceLine['batch']>>()([
  'name',
  'expiryDate',
  'warrantyDate',
]);

export const ATTRIBUTE_KEYS = exactKeys<NonNullable<InvoiceLine['attributes']>[number]>()(['name', 'value']);

export const CHARGE_KEYS = exactKeys<DocumentCharge>()([
  'description',
  'amount',
  'reasonCode',
  'taxRate',
  'vatCategory',
]);

export const TOTALS_KEYS = exactKeys<InvoiceTotals>()([
  'taxableValue',
  'igst',
  'cgst',
  'sgst',
  'cess',
  'stateCess',
  'vat',
  'vatInAccountingCurrency',
  'discount',
  'otherCharges',
  'roundOff',
  'invoiceTotal',
  'invoiceTotalForeignCurrency',
  'prepaidAmount',
]);

export const ORIGINAL_INVOICE_KEYS = exactKeys<OriginalInvoiceReference>()(['number', 'date', 'reason']);

export const TRANSPORT_KEYS = exactKeys<TransportDetails>()([
  'transporterId',
  'transporterName',
  'mode',
  'distanceKm',
  'vehicleNumber',
  'vehicleType',
  'transportDocNumber',
  'transportDocDate',
]);

export const EXPORT_KEYS = exactKeys<ExportDetails>()([
  'shippingBillNumber',
  'shippingBillDate',
  'portCode',
  'countryCode',
  'foreignCurrency',
  'refundClaim',
  'exportDuty',
]);

export const PAYMENT_KEYS = exactKeys<PaymentDetails>()([
  'payeeName',
  'accountNumber',
  'ifsc',
  'mode',
  'terms',
  'instructions',
  'creditDays',
  'paidAmount',
  'dueAmount',
  'meansCode',
]);

export const ADDITIONAL_DOCUMENT_KEYS = exactKeys<AdditionalDocument>()(['url', 'document', 'information']);

export const KSA_KEYS = exactKeys<KsaDetails>()([
  'invoiceKind',
  'issueTime',
  'supplyDate',
  'supplyEndDate',
  'thirdParty',
  'nominal',
  'exports',
  'summary',
  'selfBilled',
  'egsUnitId',
  'uuid',
  'prepayments',
]);

export const KSA_PREPAYMENT_KEYS = exactKeys<KsaPrepayment>()([
  'documentNumber',
  'uuid',
  'issueDate',
  'issueTime',
  'description',
  'vatBreakdown',
]);

export const KSA_PREPAYMENT_VAT_KEYS = exactKeys<KsaPrepaymentVat>()([
  'vatCategory',
  'taxRate',
  'taxableAmount',
  'vatAmount',
  'exemptionReasonCode',
  'exemptionReason',
]);
