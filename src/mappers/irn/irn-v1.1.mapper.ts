import type { CanonicalInvoice, IsoDate, TransportMode, Outcome } from '../../domain';
import { ewaybillApplicability, type EwaybillRules } from '../ewaybill';
import { CanonicalReader } from './canonical-reader';
import { dropUndefined } from './drop-undefined';
import { computeExactly, type ExactArithmetic } from '../../domain/decimal';
import { type IrnFieldError, irnError } from './irn-field-error';
import { type ItemTotals, mapItems } from './irn-v1.1.items';
import { isExport, mapBuyer, mapDispatchFrom, mapSeller, mapShipTo } from './irn-v1.1.parties';
import { validateNicEinvoiceV11 } from './irn-v1.1.rules';
import { ADDITIONAL_INFO_LIMIT, REMARKS_LIMIT } from './nic-einvoice-v1.1.limits';
import {
  NIC_EINVOICE_SCHEMA_VERSION,
  type NicAddlDocDtls,
  type NicEinvoiceV11,
  type NicEwbDtls,
  type NicExpDtls,
  type NicPayDtls,
  type NicRefDtls,
  type NicSupplyType,
  type NicTransportMode,
  type NicValDtls,
} from './nic-einvoice-v1.1.types';
import { nicFreeText } from './nic-free-text';
import { nicText } from './nic-text';
import { AMOUNT_PLACES } from './wire-number';

export interface IrnMappingOptions {
  /** Today's date in India, for the no-future-date rule; defaults to the current date in IST. */
  today?: IsoDate;
  /**
   * The instance's e-way bill rules (threshold, goods): EwbDtls goes with the IRN only when they say a bill
   * is needed, so the IRP issues no bill the connector did not ask for. Absent: the defaults (Rs 50,000).
   */
  ewaybillRules?: EwaybillRules;
  /**
   * false: never EwbDtls, whatever the rules say (the instance runs no e-way bill regime, so nothing would
   * track, extend or cancel a bill the IRP generated). Default true.
   */
  ewaybillWithIrn?: boolean;
}

export interface BuiltNicEinvoice {
  payload: NicEinvoiceV11;
  /** Canonical values that could not be read (malformed decimals or dates, missing exchange rate). */
  errors: IrnFieldError[];
  warnings: IrnFieldError[];
}

const INR = 'INR';
const NOT_LETTER_OR_DIGIT = /[^A-Za-z0-9]/g;
const TRANSPORT_MODES: Readonly<Record<TransportMode, NicTransportMode>> = {
  ROAD: '1',
  RAIL: '2',
  AIR: '3',
  SHIP: '4',
};

/**
 * CanonicalInvoice -> NIC e-invoice JSON v1.1, validated as the IRP would before anything is sent.
 * B2C invoices and non-Indian documents get `irn.notApplicable`: the IRP registers B2B supplies only.
 */
export function mapToNicEinvoiceV11(
  invoice: CanonicalInvoice,
  options: IrnMappingOptions = {},
): Outcome<NicEinvoiceV11> {
  const notApplicable = irnNotApplicable(invoice);
  if (notApplicable) return { ok: false, errors: [notApplicable] };
  const built = buildNicEinvoiceV11(invoice);
  if (
    built.payload.EwbDtls &&
    (options.ewaybillWithIrn === false || !ewaybillApplicability(invoice, options.ewaybillRules ?? {}).needed)
  ) {
    delete built.payload.EwbDtls;
  }
  const checked = validateNicEinvoiceV11(built.payload, { today: options.today ?? todayInIndia() });
  const unreadable = new Set(built.errors.map((error) => error.path));
  const errors = [...built.errors, ...checked.errors.filter((error) => !unreadable.has(error.path))];
  if (errors.length > 0) return { ok: false, errors };
  const warnings = [...built.warnings, ...checked.warnings];
  return warnings.length > 0
    ? { ok: true, value: built.payload, warnings }
    : { ok: true, value: built.payload };
}

export function irnNotApplicable(invoice: CanonicalInvoice): IrnFieldError | undefined {
  if (invoice.country !== 'IN') {
    return irnError(
      'TranDtls',
      'irn.notApplicable',
      `IRN is for Indian GST invoices, not ${invoice.country}`,
      invoice.country,
    );
  }
  if (invoice.supplyType === 'B2C') {
    return irnError(
      'TranDtls.SupTyp',
      'irn.notApplicable',
      'IRN is generated for B2B, SEZ, export and deemed-export supplies only, not B2C',
      invoice.supplyType,
    );
  }
  return undefined;
}

/** The payload before validation (the supply type must not be B2C: see `irnNotApplicable`). */
export function buildNicEinvoiceV11(invoice: CanonicalInvoice): BuiltNicEinvoice {
  return computeExactly((arithmetic) => buildNicEinvoiceV11With(arithmetic, invoice));
}

/** buildNicEinvoiceV11 with the given arithmetic, which throws if it cannot hold a value exactly. */
export function buildNicEinvoiceV11With<V>(
  arithmetic: ExactArithmetic<V>,
  invoice: CanonicalInvoice,
): BuiltNicEinvoice {
  const reader = new CanonicalReader(arithmetic);
  const toInr = inrPerDocumentUnit(invoice, reader);
  const taxMayBeExcluded = invoice.reverseCharge || invoice.supplyType === 'EXPWP';
  const { items, totals, warnings } = mapItems(invoice, toInr, reader, taxMayBeExcluded);
  const payload: NicEinvoiceV11 = dropUndefined({
    Version: NIC_EINVOICE_SCHEMA_VERSION,
    TranDtls: dropUndefined({
      TaxSch: 'GST' as const,
      SupTyp: invoice.supplyType as NicSupplyType,
      RegRev: invoice.reverseCharge ? ('Y' as const) : ('N' as const),
      EcmGstin: invoice.ecommerceGstin ? invoice.ecommerceGstin.trim().toUpperCase() : undefined,
      IgstOnIntra: invoice.igstOnIntra ? ('Y' as const) : ('N' as const),
    }),
    DocDtls: {
      Typ: invoice.documentType,
      No: (invoice.documentNumber ?? '').trim(),
      Dt: reader.date(invoice.documentDate, 'DocDtls.Dt'),
    },
    SellerDtls: mapSeller(invoice.seller),
    BuyerDtls: mapBuyer(invoice),
    DispDtls: mapDispatchFrom(invoice.dispatchFrom),
    ShipDtls: mapShipTo(invoice.shipTo),
    ItemList: items,
    ValDtls: mapValues(invoice, totals, toInr, reader),
    PayDtls: mapPayment(invoice, reader),
    RefDtls: mapReferences(invoice, reader, warnings),
    AddlDocDtls: mapAdditionalDocuments(invoice, warnings),
    ExpDtls: mapExport(invoice, reader),
    EwbDtls: mapTransport(invoice, reader),
  });
  return { payload, errors: reader.errors, warnings };
}

/**
 * NIC amounts are in rupees. A document in another currency (an export billed in USD) is converted at
 * its exchange rate, and its own total goes to TotInvValFc.
 */
function inrPerDocumentUnit<V>(invoice: CanonicalInvoice, reader: CanonicalReader<V>): V {
  const { arithmetic } = reader;
  if ((invoice.currency ?? INR).toUpperCase() === INR) return arithmetic.one;
  const rate =
    invoice.exchangeRate === undefined
      ? undefined
      : reader.decimal(invoice.exchangeRate, 'ValDtls.TotInvVal');
  if (rate === undefined || arithmetic.compare(rate, arithmetic.zero) <= 0) {
    const error = irnError(
      'ValDtls.TotInvVal',
      'irn.exchangeRate.required',
      `a ${invoice.currency} invoice needs a positive exchange rate to state its values in INR`,
      invoice.exchangeRate,
    );
    error.canonicalPath = 'exchangeRate';
    reader.errors.push(error);
    return arithmetic.one;
  }
  return rate;
}

/**
 * Tax and value sums are the sums of the rounded items (see CarriedRounding), so they agree with the
 * items to the paisa. Invoice-level discount, charges, round-off and the total are the ERP's own.
 */
function mapValues<V>(
  invoice: CanonicalInvoice,
  totals: ItemTotals<V>,
  toInr: V,
  reader: CanonicalReader<V>,
): NicValDtls {
  const { arithmetic } = reader;
  const toWire = (value: V) => arithmetic.toWire(value, AMOUNT_PLACES);
  const amount = (value: string, path: string) =>
    toWire(arithmetic.times(reader.decimal(value, path), toInr));
  let charges = arithmetic.zero;
  invoice.charges.forEach((charge, index) => {
    charges = arithmetic.plus(charges, reader.decimal(charge.amount, `ValDtls.OthChrg[${index}]`));
  });
  const inForeignCurrency = (invoice.currency ?? INR).toUpperCase() !== INR;
  const foreignTotal =
    invoice.totals.invoiceTotalForeignCurrency ??
    (inForeignCurrency ? invoice.totals.invoiceTotal : undefined);
  return dropUndefined({
    AssVal: toWire(totals.assessable),
    CgstVal: toWire(totals.cgst),
    SgstVal: toWire(totals.sgst),
    IgstVal: toWire(totals.igst),
    CesVal: toWire(totals.cess),
    StCesVal: toWire(totals.stateCess),
    Discount: amount(invoice.documentDiscount, 'ValDtls.Discount'),
    OthChrg: toWire(arithmetic.times(charges, toInr)),
    RndOffAmt: amount(invoice.totals.roundOff, 'ValDtls.RndOffAmt'),
    TotInvVal: amount(invoice.totals.invoiceTotal, 'ValDtls.TotInvVal'),
    TotInvValFc:
      foreignTotal === undefined ? undefined : toWire(reader.decimal(foreignTotal, 'ValDtls.TotInvValFc')),
  });
}

function mapPayment<V>(invoice: CanonicalInvoice, reader: CanonicalReader<V>): NicPayDtls | undefined {
  const payment = invoice.payment;
  if (!payment) return undefined;
  const paid = reader.optionalDecimal(payment.paidAmount, 'PayDtls.PaidAmt');
  const due = reader.optionalDecimal(payment.dueAmount, 'PayDtls.PaymtDue');
  const mapped = dropUndefined({
    Nm: nicText(payment.payeeName),
    AccDet: nicText(payment.accountNumber),
    Mode: nicText(payment.mode),
    FinInsBr: nicText(payment.ifsc),
    PayTerm: nicText(payment.terms),
    PayInstr: nicText(payment.instructions),
    CrDay: payment.creditDays,
    PaidAmt: paid === undefined ? undefined : reader.arithmetic.toWire(paid, AMOUNT_PLACES),
    PaymtDue: due === undefined ? undefined : reader.arithmetic.toWire(due, AMOUNT_PLACES),
  });
  return Object.keys(mapped).length > 0 ? mapped : undefined;
}

/** Remarks and, for credit and debit notes, the invoice they amend (PrecDocDtls). */
function mapReferences<V>(
  invoice: CanonicalInvoice,
  reader: CanonicalReader<V>,
  warnings: IrnFieldError[],
): NicRefDtls | undefined {
  const remarks = nicFreeText(invoice.notes, REMARKS_LIMIT, 'RefDtls', 'InvRm', warnings);
  const original = invoice.originalInvoice;
  const references = dropUndefined<NicRefDtls>({
    InvRm: remarks !== undefined && remarks.length >= 3 ? remarks : undefined,
    PrecDocDtls: original
      ? [{ InvNo: original.number.trim(), InvDt: reader.date(original.date, 'RefDtls.PrecDocDtls[0].InvDt') }]
      : undefined,
  });
  return Object.keys(references).length > 0 ? references : undefined;
}

/**
 * Supporting documents, one AddlDocDtls per canonical entry (same index). A URL and a document are
 * identifiers: only trimmed, never cleaned or cut; the information is free text.
 */
function mapAdditionalDocuments(
  invoice: CanonicalInvoice,
  warnings: IrnFieldError[],
): NicAddlDocDtls[] | undefined {
  const documents = invoice.additionalDocuments;
  if (!documents || documents.length === 0) return undefined;
  return documents.map((document, index) =>
    dropUndefined<NicAddlDocDtls>({
      Url: trimmedOrUndefined(document.url),
      Docs: trimmedOrUndefined(document.document),
      Info: nicFreeText(
        document.information,
        ADDITIONAL_INFO_LIMIT,
        `AddlDocDtls[${index}]`,
        'Info',
        warnings,
      ),
    }),
  );
}

function trimmedOrUndefined(value: string | undefined): string | undefined {
  // Not text at all (an override can put anything here): left for the rules to refuse.
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : text;
}

function mapExport<V>(invoice: CanonicalInvoice, reader: CanonicalReader<V>): NicExpDtls | undefined {
  const details = invoice.export;
  if (!details && !isExport(invoice)) return undefined;
  const currency = (invoice.currency ?? INR).toUpperCase();
  const duty = reader.optionalDecimal(details?.exportDuty, 'ExpDtls.ExpDuty');
  const country = details?.countryCode ?? (isExport(invoice) ? invoice.buyer.address.countryCode : undefined);
  const mapped = dropUndefined<NicExpDtls>({
    ShipBNo: nicText(details?.shippingBillNumber),
    ShipBDt: reader.optionalDate(details?.shippingBillDate, 'ExpDtls.ShipBDt'),
    Port: nicText(details?.portCode),
    RefClm: details?.refundClaim === undefined ? undefined : details.refundClaim ? 'Y' : 'N',
    ForCur: details?.foreignCurrency ?? (currency === INR ? undefined : currency),
    CntCode: country ? country.trim().toUpperCase() : undefined,
    ExpDuty: duty === undefined ? undefined : reader.arithmetic.toWire(duty, AMOUNT_PLACES),
  });
  return Object.keys(mapped).length > 0 ? mapped : undefined;
}

/** Part-A/Part-B data for an e-way bill generated with the IRN; Distance 0 lets NIC compute it. */
function mapTransport<V>(invoice: CanonicalInvoice, reader: CanonicalReader<V>): NicEwbDtls | undefined {
  const transport = invoice.transport;
  if (!transport) return undefined;
  return dropUndefined<NicEwbDtls>({
    TransId: transport.transporterId ? transport.transporterId.trim().toUpperCase() : undefined,
    TransName: nicText(transport.transporterName),
    TransMode: transport.mode ? TRANSPORT_MODES[transport.mode] : undefined,
    Distance: transport.distanceKm ?? 0,
    TransDocNo: nicText(transport.transportDocNumber),
    TransDocDt: reader.optionalDate(transport.transportDocDate, 'EwbDtls.TransDocDt'),
    VehNo: transport.vehicleNumber
      ? transport.vehicleNumber.replace(NOT_LETTER_OR_DIGIT, '').toUpperCase()
      : undefined,
    VehType: transport.vehicleType,
  });
}

/** The calendar date in India (UTC+05:30, no daylight saving). */
export function todayInIndia(now: Date = new Date()): IsoDate {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}
