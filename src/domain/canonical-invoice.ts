/**
 * CanonicalInvoice: the one shape every ERP document is normalised to and every regime mapper reads.
 *
 * Money, quantities and rates are decimal strings (e.g. "1180.00", "12.5", "0.125"), never JS numbers,
 * so the payload survives JSON/jsonb round trips without binary rounding. Use `domain/money` to
 * compute with them. Amounts are as the ERP states them; mappers recompute and round per schema.
 */
export type DecimalString = string;
/** ISO date `YYYY-MM-DD`. */
export type IsoDate = string;

/**
 * The country whose tax rules the document follows, as an ISO 3166-1 alpha-2 code in capitals. The
 * canonical invoice's own rules are written for IN (GST) and SA (KSA VAT); a document of another country
 * is checked for what every invoice obeys, and its regime's mapper checks what its authority needs.
 * @pattern ^[A-Z]{2}$
 */
export type Country = string;

/** INV: tax invoice; CRN: credit note; DBN: debit note (NIC's codes, used for KSA too: 388/381/383). */
export type DocumentType = 'INV' | 'CRN' | 'DBN';

/**
 * B2B: registered buyer; B2C: unregistered/consumer (KSA simplified); SEZWP/SEZWOP: supply to SEZ with or
 * without payment of tax; EXPWP/EXPWOP: export with or without payment; DEXP: deemed export.
 */
export type SupplyType = 'B2B' | 'B2C' | 'SEZWP' | 'SEZWOP' | 'EXPWP' | 'EXPWOP' | 'DEXP';

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  /** India: 6-digit PIN. KSA: 5-digit postal code. */
  postalCode?: string;
  /** India: 2-digit GST state code ("29"; "96" for other countries). KSA: region name. */
  stateCode?: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** KSA national address parts (BR-KSA-09). */
  buildingNumber?: string;
  additionalNumber?: string;
  district?: string;
  street?: string;
}

export interface PartyIdentifier {
  /** KSA scheme ids: CRN, MOM, MLS, 700, SAG, NAT, GCC, IQA, PAS, OTH. */
  scheme: string;
  value: string;
}

export interface Party {
  /** India GSTIN; "URP" for an unregistered person. */
  gstin?: string;
  /** KSA VAT registration number (15 digits, starts and ends with 3). */
  vatNumber?: string;
  legalName: string;
  tradeName?: string;
  /** Name in Arabic (KSA). */
  legalNameArabic?: string;
  address: Address;
  phone?: string;
  email?: string;
  otherIds?: PartyIdentifier[];
}

export interface Buyer extends Party {
  /** India: place-of-supply state code ("96" for exports). */
  placeOfSupply?: string;
}

export type ShipTo = Party;

export interface DispatchFrom {
  name: string;
  address: Address;
}

export type VatCategory = 'S' | 'Z' | 'E' | 'O';

export interface InvoiceLine {
  /** 1-based, unique within the document. */
  lineNo: number;
  description: string;
  /** HSN (goods) or SAC (services, starting 99); 4, 6 or 8 digits. */
  hsnCode?: string;
  isService: boolean;
  /** Required for goods; a service line may leave it out (NIC needs Qty/Unit only for goods). */
  quantity?: DecimalString;
  /** UQC unit code (India: NOS, KGS, ...; KSA: UN/ECE rec 20 such as PCE); optional like quantity. */
  unit?: string;
  unitPrice: DecimalString;
  /** quantity × unitPrice, as the ERP states it. */
  grossAmount: DecimalString;
  discount: DecimalString;
  /** Taxable (assessable) value after discount. */
  taxableValue: DecimalString;
  /** GST or VAT rate, percent. */
  taxRate: DecimalString;
  igstAmount: DecimalString;
  cgstAmount: DecimalString;
  sgstAmount: DecimalString;
  cessRate: DecimalString;
  cessAmount: DecimalString;
  cessNonAdvolAmount: DecimalString;
  stateCessRate: DecimalString;
  stateCessAmount: DecimalString;
  stateCessNonAdvolAmount: DecimalString;
  /** KSA: the line's VAT amount. India leaves it "0" (tax is split into IGST/CGST/SGST). */
  vatAmount: DecimalString;
  otherCharges: DecimalString;
  /** Line total including taxes and charges, as the ERP states it. */
  totalAmount: DecimalString;
  /** KSA VAT category; India leaves it undefined. */
  vatCategory?: VatCategory;
  exemptionReasonCode?: string;
  exemptionReason?: string;
  batch?: { name: string; expiryDate?: IsoDate; warrantyDate?: IsoDate };
  attributes?: { name: string; value: string }[];
  barcode?: string;
  freeQuantity?: DecimalString;
  /** India: the line's value before tax (NIC PreTaxVal), where the ERP states one; informational. */
  preTaxValue?: DecimalString;
}

export interface DocumentCharge {
  /** The reason, as printed (KSA BT-97 / BT-104). */
  description: string;
  amount: DecimalString;
  /** KSA: reason code (UNTDID 5189 for allowances, 7161 for charges) and VAT treatment. */
  reasonCode?: string;
  taxRate?: DecimalString;
  vatCategory?: VatCategory;
}

export interface InvoiceTotals {
  /** Sum of taxable values. */
  taxableValue: DecimalString;
  igst: DecimalString;
  cgst: DecimalString;
  sgst: DecimalString;
  cess: DecimalString;
  stateCess: DecimalString;
  /** KSA VAT total in the document currency. */
  vat: DecimalString;
  /** KSA: VAT total in SAR when the document currency is not SAR. */
  vatInAccountingCurrency?: DecimalString;
  discount: DecimalString;
  otherCharges: DecimalString;
  roundOff: DecimalString;
  /** Total invoice value, in the document currency. */
  invoiceTotal: DecimalString;
  /** Total in foreign currency (India export invoices). */
  invoiceTotalForeignCurrency?: DecimalString;
  /**
   * KSA: amount already paid (BT-113): the deducted prepayments' taxable amounts plus their VAT
   * (BR-KSA-80). Computed from `ksa.prepayments` when left out.
   */
  prepaidAmount?: DecimalString;
}

export interface OriginalInvoiceReference {
  number: string;
  date: IsoDate;
  /** Reason for issuing the note (KSA BR-KSA-17 requires it on credit/debit notes). */
  reason?: string;
}

export type TransportMode = 'ROAD' | 'RAIL' | 'AIR' | 'SHIP';

export interface TransportDetails {
  transporterId?: string;
  transporterName?: string;
  mode?: TransportMode;
  distanceKm?: number;
  vehicleNumber?: string;
  /** R: regular; O: over-dimensional cargo. */
  vehicleType?: 'R' | 'O';
  transportDocNumber?: string;
  transportDocDate?: IsoDate;
}

export interface ExportDetails {
  shippingBillNumber?: string;
  shippingBillDate?: IsoDate;
  portCode?: string;
  countryCode?: string;
  foreignCurrency?: string;
  refundClaim?: boolean;
  exportDuty?: DecimalString;
}

export interface PaymentDetails {
  payeeName?: string;
  accountNumber?: string;
  ifsc?: string;
  mode?: string;
  terms?: string;
  instructions?: string;
  creditDays?: number;
  paidAmount?: DecimalString;
  dueAmount?: DecimalString;
  /** KSA UNTDID 4461 payment means code (10 cash, 30 credit, 42 bank, 48 card, 1 other). */
  meansCode?: string;
}

/** India: a supporting document carried with the e-invoice (NIC AddlDocDtls); at least one part. */
export interface AdditionalDocument {
  /** Where the document can be fetched. */
  url?: string;
  /** The document itself, as text (NIC "Docs"). */
  document?: string;
  /** Any further information. */
  information?: string;
}

/** One VAT category of an advance payment invoice (KSA-31..KSA-34). */
export interface KsaPrepaymentVat {
  vatCategory: VatCategory;
  /** Percent; 0 for Z, E and O (BR-KSA-76..78). */
  taxRate: DecimalString;
  /** KSA-31: the prepayment invoice's taxable amount in this category. */
  taxableAmount: DecimalString;
  /** KSA-32: its VAT, taxableAmount x taxRate / 100 (BR-KSA-79). */
  vatAmount: DecimalString;
  exemptionReasonCode?: string;
  exemptionReason?: string;
}

/**
 * An advance payment invoice that this final invoice deducts (KSA-26..KSA-34, BR-KSA-73..80): it becomes
 * a prepayment line referring to it, and what it was paid with VAT becomes the prepaid amount (BT-113).
 */
export interface KsaPrepayment {
  /** KSA-26: the prepayment invoice's number (its BT-1). */
  documentNumber: string;
  /** Its UUID (KSA-27), where the ERP knows it. */
  uuid?: string;
  /** KSA-28 and KSA-29: its issue date and time (HH:mm:ss). */
  issueDate: IsoDate;
  issueTime: string;
  /** Name of the prepayment line, e.g. "Advance received for laptops"; default "Prepayment". */
  description?: string;
  /** Its VAT breakdown: one entry per VAT category and rate. */
  vatBreakdown: KsaPrepaymentVat[];
}

/** KSA-only facts. Left open: the ZATCA regime fills in what it needs. */
export interface KsaDetails {
  /** Standard (B2B, cleared) or simplified (B2C, reported). */
  invoiceKind: 'standard' | 'simplified';
  /** ISO time `HH:mm:ss` of issue. */
  issueTime?: string;
  supplyDate?: IsoDate;
  supplyEndDate?: IsoDate;
  thirdParty?: boolean;
  nominal?: boolean;
  exports?: boolean;
  summary?: boolean;
  selfBilled?: boolean;
  /** EGS unit that issues the invoice (chain owner). */
  egsUnitId?: string;
  /** UUID assigned when the invoice is first built; kept on resend. */
  uuid?: string;
  /** Advance payment invoices this (final) invoice deducts. */
  prepayments?: KsaPrepayment[];
}

export interface CanonicalInvoice {
  country: Country;
  documentType: DocumentType;
  documentNumber: string;
  documentDate: IsoDate;
  supplyType: SupplyType;
  reverseCharge: boolean;
  /** India: IGST charged on an intra-state supply (SEZ, etc.). */
  igstOnIntra: boolean;
  ecommerceGstin?: string;
  /** ISO 4217 document currency: INR, SAR, USD, ... */
  currency: string;
  /** Units of the accounting currency per unit of the document currency. */
  exchangeRate?: DecimalString;
  seller: Party;
  /** On a KSA simplified invoice the ERP may leave it out: it is then nameless (see anonymousBuyer). */
  buyer: Buyer;
  dispatchFrom?: DispatchFrom;
  shipTo?: ShipTo;
  lines: InvoiceLine[];
  /** Document-level charges (freight, packing, ...), beyond line values. */
  charges: DocumentCharge[];
  /** Document-level discount, beyond line discounts (KSA: allowance reason "Discount", code 95). */
  documentDiscount: DecimalString;
  /**
   * KSA: document-level allowances with their own reason and UNTDID 5189 reason code (BG-20), beyond
   * documentDiscount; `description` is the reason.
   */
  allowances?: DocumentCharge[];
  totals: InvoiceTotals;
  originalInvoice?: OriginalInvoiceReference;
  transport?: TransportDetails;
  export?: ExportDetails;
  payment?: PaymentDetails;
  additionalDocuments?: AdditionalDocument[];
  ksa?: KsaDetails;
  notes?: string;
}
