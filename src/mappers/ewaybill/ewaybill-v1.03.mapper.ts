/**
 * CanonicalInvoice + transport details -> NIC e-way bill generate request v1.03 (direct generation), or the
 * transport part of GENERATE_EWAYBILL by IRN. Pure: a payload or field errors with canonical paths, never
 * an exception. Amounts are decimals rounded to NIC's scales (2 places, quantities and rates 3).
 */
import {
  type Address,
  type CanonicalInvoice,
  isIsoDate,
  toNicDate,
  fieldError,
  type FieldError,
  type Outcome,
  GSTIN_PATTERN,
  gstinStateCode,
  UNREGISTERED_PERSON,
  isValidHsnFormat,
  dec,
  sum,
  toFixed,
  isValidPincode,
  isValidUqc,
} from '../../domain';
import { ewaybillApplicability, isEwaybillGoodsLine, transportOf } from './ewaybill-applicability';
import { EWAYBILL_ITEM_LIMIT, ewaybillItems, mainHsnCode, type GoodsLine } from './ewaybill-items';
import type { EwaybillRules } from './ewaybill-settings';
import { readTransport, type EwaybillTransport } from './ewaybill-transport';
import { samePinDistanceError } from './same-pin-distance';
import type { EwaybillDocType, NicEwaybillByIrnDetails, NicEwaybillV103 } from './nic-ewaybill-v1.03.types';

const DOC_NO = /^[a-zA-Z0-9/-]{1,16}$/;
/** The e-way bill system's code for "other country" (the e-invoice's is 96). */
const OTHER_COUNTRY = 99;
const EXPORT_PINCODE = 999999;
const EXPORTS = new Set(['EXPWP', 'EXPWOP']);
const DOC_TYPES: Record<CanonicalInvoice['documentType'], EwaybillDocType> = {
  INV: 'INV',
  CRN: 'CNT',
  DBN: 'OTH',
};

export const EWAYBILL_SCHEMA_VERSION = '1.03';

/** Full e-way bill request; field errors name what stops it (transport details included). */
export function mapToNicEwaybillV103(
  invoice: CanonicalInvoice,
  rules: EwaybillRules = {},
): Outcome<NicEwaybillV103> {
  const errors: FieldError[] = [];
  const transport = readTransport(transportOf(invoice, rules), invoice.documentDate);
  if (!transport.ok) errors.push(...transport.errors);

  if (!DOC_NO.test(invoice.documentNumber)) {
    errors.push(
      fieldError(
        'documentNumber',
        'ewaybill.docNo',
        '1 to 16 letters, digits, "/" and "-"',
        invoice.documentNumber,
      ),
    );
  }
  if (!isIsoDate(invoice.documentDate)) {
    errors.push(fieldError('documentDate', 'date', 'must be a date (YYYY-MM-DD)', invoice.documentDate));
  }
  const sellerGstin = invoice.seller.gstin;
  if (!sellerGstin || !GSTIN_PATTERN.test(sellerGstin)) {
    errors.push(fieldError('seller.gstin', 'ewaybill.gstin', 'the consignor GSTIN is required', sellerGstin));
  }
  const exported = EXPORTS.has(invoice.supplyType);
  const fromAddress = invoice.dispatchFrom?.address ?? invoice.seller.address;
  const fromPath = invoice.dispatchFrom ? 'dispatchFrom.address' : 'seller.address';
  const toAddress = invoice.shipTo?.address ?? invoice.buyer.address;
  const toPath = invoice.shipTo ? 'shipTo.address' : 'buyer.address';
  const fromPincode = pincode(fromAddress, `${fromPath}.postalCode`, errors);
  const toPincode = exported ? EXPORT_PINCODE : pincode(toAddress, `${toPath}.postalCode`, errors);
  const samePin = transport.ok && samePinDistanceError(fromPincode, toPincode, transport.value.distanceKm);
  if (samePin) errors.push(samePin);
  const billFromState = stateOf(
    invoice.seller.address.stateCode ?? gstinStateOf(sellerGstin),
    'seller.address.stateCode',
    errors,
  );
  const actFromState = stateOf(
    fromAddress.stateCode ?? invoice.seller.address.stateCode,
    `${fromPath}.stateCode`,
    errors,
  );
  const billToState = exported
    ? OTHER_COUNTRY
    : stateOf(invoice.buyer.placeOfSupply ?? invoice.buyer.address.stateCode, 'buyer.placeOfSupply', errors);
  const actToState = exported ? OTHER_COUNTRY : stateOf(toAddress.stateCode, `${toPath}.stateCode`, errors);

  const goods: GoodsLine[] = invoice.lines.flatMap((line, index) =>
    isEwaybillGoodsLine(line, rules) ? [{ index, line }] : [],
  );
  if (goods.length === 0) {
    errors.push(
      fieldError(
        'lines',
        'ewaybill.noGoods',
        'an e-way bill needs at least one line of goods (HSN outside chapter 99)',
      ),
    );
  }
  for (const { index, line } of goods) {
    if (!line.hsnCode || !isValidHsnFormat(line.hsnCode)) {
      errors.push(
        fieldError(`lines[${index}].hsnCode`, 'ewaybill.hsn', 'HSN of 4, 6 or 8 digits', line.hsnCode),
      );
    }
    if (line.quantity === undefined) {
      errors.push(
        fieldError(`lines[${index}].quantity`, 'required', 'goods need a quantity on an e-way bill'),
      );
    }
    if (line.unit !== undefined && !isValidUqc(line.unit)) {
      errors.push(
        fieldError(
          `lines[${index}].unit`,
          'ewaybill.uqc',
          'a UQC unit code such as NOS or KGS (NIC 217)',
          line.unit,
        ),
      );
    }
  }
  const subSupplyType = rules.subSupplyType ?? (exported ? '3' : '1');
  if (subSupplyType === '8' && !rules.subSupplyDesc) {
    errors.push(
      fieldError(
        'settings.subSupplyDesc',
        'required',
        'sub-supply type 8 (Others) needs a description (NIC 377)',
      ),
    );
  }
  const items = errors.length === 0 ? ewaybillItems(invoice, goods) : [];
  if (items.length > EWAYBILL_ITEM_LIMIT) {
    errors.push(
      fieldError(
        'lines',
        'ewaybill.itemLimit',
        `${items.length} distinct HSN/unit/rate groups; the portal takes at most ${EWAYBILL_ITEM_LIMIT}`,
      ),
    );
  }
  if (errors.length > 0 || !transport.ok) return { ok: false, errors };

  const goodsLines = goods.map((g) => g.line);
  const totalValue = sum(goodsLines.map((line) => line.taxableValue));
  const cgst = sum(goodsLines.map((line) => line.cgstAmount));
  const sgst = sum(goodsLines.map((line) => line.sgstAmount));
  const igst = sum(goodsLines.map((line) => line.igstAmount));
  const cess = sum(goodsLines.map((line) => line.cessAmount));
  const cessNonAdvol = sum(goodsLines.map((line) => line.cessNonAdvolAmount));
  const invoiceTotal = dec(invoice.totals.invoiceTotal);
  const other = invoiceTotal
    .minus(totalValue)
    .minus(cgst)
    .minus(sgst)
    .minus(igst)
    .minus(cess)
    .minus(cessNonAdvol);

  const payload: NicEwaybillV103 = {
    supplyType: 'O',
    subSupplyType,
    ...(rules.subSupplyDesc ? { subSupplyDesc: rules.subSupplyDesc.slice(0, 20) } : {}),
    docType: DOC_TYPES[invoice.documentType],
    docNo: invoice.documentNumber,
    docDate: toNicDate(invoice.documentDate),
    fromGstin: sellerGstin!,
    fromTrdName: text(invoice.seller.tradeName ?? invoice.seller.legalName, 100),
    fromAddr1: text(fromAddress.line1, 120),
    ...(fromAddress.line2 ? { fromAddr2: text(fromAddress.line2, 120) } : {}),
    fromPlace: text(fromAddress.city, 50),
    fromPincode,
    fromStateCode: billFromState,
    actFromStateCode: actFromState,
    toGstin: exported || !invoice.buyer.gstin ? UNREGISTERED_PERSON : invoice.buyer.gstin,
    toTrdName: text(invoice.buyer.tradeName ?? invoice.buyer.legalName, 100),
    toAddr1: text(toAddress.line1, 120),
    ...(toAddress.line2 ? { toAddr2: text(toAddress.line2, 120) } : {}),
    toPlace: text(toAddress.city, 50),
    toPincode,
    toStateCode: billToState,
    actToStateCode: actToState,
    transactionType: transactionType(invoice),
    ...(invoice.dispatchFrom ? { dispatchFromTradeName: text(invoice.dispatchFrom.name, 100) } : {}),
    ...(invoice.shipTo?.gstin ? { shipToGSTIN: invoice.shipTo.gstin } : {}),
    ...(invoice.shipTo
      ? { shipToTradeName: text(invoice.shipTo.tradeName ?? invoice.shipTo.legalName, 100) }
      : {}),
    totalValue: amount(totalValue),
    cgstValue: amount(cgst),
    sgstValue: amount(sgst),
    igstValue: amount(igst),
    cessValue: amount(cess),
    cessNonAdvolValue: amount(cessNonAdvol),
    otherValue: amount(other),
    totInvValue: amount(invoiceTotal),
    ...transportFields(transport.value),
    mainHsnCode: mainHsnCode(items),
    itemList: items,
  };
  return { ok: true, value: payload };
}

/** GENERATE_EWAYBILL by IRN: the transport part; the IRN is added when the e-invoice is registered. */
export function mapToEwaybillByIrnDetails(
  invoice: CanonicalInvoice,
  rules: EwaybillRules = {},
): Outcome<NicEwaybillByIrnDetails> {
  const transport = readTransport(transportOf(invoice, rules), invoice.documentDate);
  if (!transport.ok) return transport;
  const from = Number((invoice.dispatchFrom?.address ?? invoice.seller.address).postalCode ?? 0);
  const to = Number((invoice.shipTo?.address ?? invoice.buyer.address).postalCode ?? 0);
  const samePin = samePinDistanceError(from, to, transport.value.distanceKm);
  if (samePin) return { ok: false, errors: [samePin] };
  const { distanceKm, transporterId, transporterName, partB } = transport.value;
  const details: NicEwaybillByIrnDetails = { Distance: distanceKm };
  if (transporterId) details.TransId = transporterId;
  if (transporterName) details.TransName = transporterName;
  if (partB) {
    details.TransMode = partB.mode;
    if (partB.transDocNo) details.TransDocNo = partB.transDocNo;
    if (partB.transDocDate) details.TransDocDt = partB.transDocDate;
    if (partB.vehicleNo) details.VehNo = partB.vehicleNo;
    if (partB.vehicleType) details.VehType = partB.vehicleType;
  }
  return { ok: true, value: details };
}

/** Both: a mapping is attempted only for documents that need a bill (see ewaybillApplicability). */
export function ewaybillNotNeeded(invoice: CanonicalInvoice, rules: EwaybillRules): string | undefined {
  const applicability = ewaybillApplicability(invoice, rules);
  return applicability.needed ? undefined : applicability.reason;
}

function transportFields(transport: EwaybillTransport): Partial<NicEwaybillV103> & { transDistance: string } {
  const fields: Partial<NicEwaybillV103> & { transDistance: string } = {
    transDistance: String(transport.distanceKm),
  };
  if (transport.transporterId) fields.transporterId = transport.transporterId;
  if (transport.transporterName) fields.transporterName = text(transport.transporterName, 100);
  if (transport.partB) {
    fields.transMode = transport.partB.mode;
    if (transport.partB.transDocNo) fields.transDocNo = transport.partB.transDocNo;
    if (transport.partB.transDocDate) fields.transDocDate = transport.partB.transDocDate;
    if (transport.partB.vehicleNo) fields.vehicleNo = transport.partB.vehicleNo;
    if (transport.partB.vehicleType) fields.vehicleType = transport.partB.vehicleType;
  }
  return fields;
}

function transactionType(invoice: CanonicalInvoice): 1 | 2 | 3 | 4 {
  const shipsElsewhere = invoice.shipTo !== undefined;
  const dispatchedElsewhere = invoice.dispatchFrom !== undefined;
  if (shipsElsewhere && dispatchedElsewhere) return 4;
  if (dispatchedElsewhere) return 3;
  return shipsElsewhere ? 2 : 1;
}

function pincode(address: Address, path: string, errors: FieldError[]): number {
  const pin = address.postalCode;
  if (!pin || !isValidPincode(pin)) {
    errors.push(fieldError(path, 'ewaybill.pincode', 'a 6-digit PIN code is required', pin));
    return 0;
  }
  return Number(pin);
}

function stateOf(code: string | undefined, path: string, errors: FieldError[]): number {
  if (code === '96') return OTHER_COUNTRY;
  if (!code || !/^\d{1,2}$/.test(code)) {
    errors.push(fieldError(path, 'ewaybill.stateCode', 'a GST state code is required', code));
    return 0;
  }
  return Number(code);
}

function gstinStateOf(gstin: string | undefined): string | undefined {
  return gstin && GSTIN_PATTERN.test(gstin) ? gstinStateCode(gstin) : undefined;
}

function amount(value: ReturnType<typeof dec>): number {
  return Number(toFixed(value, 2));
}

function text(value: string, max: number): string {
  return value.slice(0, max);
}
