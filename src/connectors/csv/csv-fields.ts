/**
 * The CanonicalInvoice (and purchase register) fields a CSV profile may map, with how a cell's text is
 * read into each. A profile naming a field outside these catalogues is refused at load time, so a typo in
 * a profile fails loudly instead of silently dropping a column.
 */

/** How the text of a cell becomes a field value. */
export type FieldKind =
  | 'text'
  /** Trimmed and upper-cased: GSTINs, codes. */
  | 'code'
  | 'decimal'
  | 'integer'
  | 'boolean'
  | 'date'
  /** Two-digit GST state code, or a state name turned into its code. */
  | 'stateCode'
  /** UQC unit, normalised from common spellings ("pcs", "Kg"). */
  | 'unit';

/** Field paths of a line start with this prefix in profiles: `lines[].hsnCode`. */
export const LINE_PREFIX = 'lines[].';

function addressFields(prefix: string): Record<string, FieldKind> {
  return {
    [`${prefix}.line1`]: 'text',
    [`${prefix}.line2`]: 'text',
    [`${prefix}.city`]: 'text',
    [`${prefix}.postalCode`]: 'code',
    [`${prefix}.stateCode`]: 'stateCode',
    [`${prefix}.countryCode`]: 'code',
  };
}

function partyFields(prefix: string): Record<string, FieldKind> {
  return {
    [`${prefix}.gstin`]: 'code',
    [`${prefix}.legalName`]: 'text',
    [`${prefix}.tradeName`]: 'text',
    [`${prefix}.phone`]: 'text',
    [`${prefix}.email`]: 'text',
    ...addressFields(`${prefix}.address`),
  };
}

export const SALES_DOCUMENT_FIELDS: Readonly<Record<string, FieldKind>> = {
  country: 'code',
  documentType: 'code',
  documentNumber: 'text',
  documentDate: 'date',
  supplyType: 'code',
  reverseCharge: 'boolean',
  igstOnIntra: 'boolean',
  ecommerceGstin: 'code',
  currency: 'code',
  exchangeRate: 'decimal',
  ...partyFields('seller'),
  ...partyFields('buyer'),
  'buyer.placeOfSupply': 'stateCode',
  'dispatchFrom.name': 'text',
  ...addressFields('dispatchFrom.address'),
  ...partyFields('shipTo'),
  documentDiscount: 'decimal',
  'totals.taxableValue': 'decimal',
  'totals.igst': 'decimal',
  'totals.cgst': 'decimal',
  'totals.sgst': 'decimal',
  'totals.cess': 'decimal',
  'totals.stateCess': 'decimal',
  'totals.discount': 'decimal',
  'totals.otherCharges': 'decimal',
  'totals.roundOff': 'decimal',
  'totals.invoiceTotal': 'decimal',
  'originalInvoice.number': 'text',
  'originalInvoice.date': 'date',
  'originalInvoice.reason': 'text',
  'transport.transporterId': 'code',
  'transport.transporterName': 'text',
  'transport.mode': 'code',
  'transport.distanceKm': 'integer',
  'transport.vehicleNumber': 'code',
  'transport.vehicleType': 'code',
  'transport.transportDocNumber': 'text',
  'transport.transportDocDate': 'date',
  'payment.payeeName': 'text',
  'payment.accountNumber': 'text',
  'payment.ifsc': 'code',
  'payment.mode': 'text',
  'payment.terms': 'text',
  'payment.creditDays': 'integer',
  notes: 'text',
};

/** Line fields, keyed without the `lines[].` prefix. */
export const SALES_LINE_FIELDS: Readonly<Record<string, FieldKind>> = {
  lineNo: 'integer',
  description: 'text',
  hsnCode: 'code',
  isService: 'boolean',
  quantity: 'decimal',
  unit: 'unit',
  unitPrice: 'decimal',
  grossAmount: 'decimal',
  discount: 'decimal',
  taxableValue: 'decimal',
  taxRate: 'decimal',
  igstAmount: 'decimal',
  cgstAmount: 'decimal',
  sgstAmount: 'decimal',
  cessRate: 'decimal',
  cessAmount: 'decimal',
  cessNonAdvolAmount: 'decimal',
  stateCessRate: 'decimal',
  stateCessAmount: 'decimal',
  stateCessNonAdvolAmount: 'decimal',
  otherCharges: 'decimal',
  totalAmount: 'decimal',
  barcode: 'text',
  freeQuantity: 'decimal',
};

/** Purchase register fields (one PurchaseRecord per supplier bill). */
export const PURCHASE_FIELDS: Readonly<Record<string, FieldKind>> = {
  erpId: 'text',
  supplierGstin: 'code',
  supplierName: 'text',
  billNumber: 'text',
  billDate: 'date',
  documentType: 'code',
  taxableValue: 'decimal',
  igst: 'decimal',
  cgst: 'decimal',
  sgst: 'decimal',
  cess: 'decimal',
  total: 'decimal',
  placeOfSupply: 'stateCode',
  reverseCharge: 'boolean',
  portCode: 'code',
};

/** The kind of a profile field path, or undefined when the path is not mappable. */
export function fieldKind(direction: 'sales' | 'purchase', path: string): FieldKind | undefined {
  if (direction === 'purchase') return PURCHASE_FIELDS[path];
  if (path.startsWith(LINE_PREFIX)) return SALES_LINE_FIELDS[path.slice(LINE_PREFIX.length)];
  return SALES_DOCUMENT_FIELDS[path];
}
