/**
 * Reads a GENEWAYBILL request (NIC v1.03 names, reference ewaybill_genewaybill_v1.03.schema
 * .reconstructed.json) into a bill, checking what the e-way bill system checks, each failure with its
 * NIC code: supply and document, parties with PIN and state codes, user GSTIN against the consignor or
 * consignee, items, totals, transport (mode, distance 0-4000, vehicle number and type). Part-B is present
 * when a vehicle number or transport document number is given; without one the bill is Part-A only.
 */
import { istStartOfDay, parseDayMonthYear } from '../einvoice/ist-time';
import { isObject, numberAt, textAt, type JsonObject } from '../einvoice/json-access';
import { ewayBillError, type EwayBillError } from './ewaybill-errors';
import { isGstin, isVehicleNumber, MAX_DISTANCE_KM, SAME_PIN_MAX_KM, TRANS_MODES } from './ewaybill-rules';
import type { EwayBillItem, Party } from './ewaybill-store';

const DOC_TYPES = new Set(['INV', 'BIL', 'BOE', 'CHL', 'CNT', 'OTH']);
const GSTIN_OR_URP = /^([0-9]{2}[0-9A-Z]{13}|URP)$/;
const DOC_NO = /^[a-zA-Z0-9/-]{1,16}$/;
const HSN = /^[0-9]{4,8}$/;
/** Rupees of tolerance on totInvValue (IRIS KB: grace Rs 2). */
const INVOICE_VALUE_GRACE = 2;

export interface GenerateFacts {
  supplyType: string;
  subSupplyType: string;
  docType: string;
  docNo: string;
  docDate: string;
  transactionType: number;
  from: Party;
  to: Party;
  items: EwayBillItem[];
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  otherValue: number;
  totInvValue: number;
  /** As sent; 0 asks the system to compute the pin-to-pin distance. */
  distanceKm: number;
  transporterId: string;
  transporterName: string;
  partB?: { vehicleNo: string; transMode: string; transDocNo: string; transDocDate: string | null };
  vehicleType: 'R' | 'O';
}

export function readGenerateRequest(
  body: unknown,
  userGstin: string,
  nowMs: number,
): { ok: true; facts: GenerateFacts } | { ok: false; errors: EwayBillError[] } {
  const request: JsonObject = isObject(body) ? body : {};
  const codes: string[] = [];
  const supplyType = textAt(request, 'supplyType') ?? '';
  if (supplyType !== 'O' && supplyType !== 'I') codes.push('201');
  const subSupplyType = (textAt(request, 'subSupplyType') ?? '').trim();
  const sub = Number(subSupplyType);
  if (!Number.isInteger(sub) || sub < 1 || sub > 12) codes.push('202');
  const docType = textAt(request, 'docType') ?? '';
  if (!DOC_TYPES.has(docType)) codes.push('204');
  const docNo = textAt(request, 'docNo') ?? '';
  if (!DOC_NO.test(docNo)) codes.push('206');
  const docDate = textAt(request, 'docDate') ?? '';
  const day = parseDayMonthYear(docDate);
  if (!day) codes.push('207');
  else if (istStartOfDay(day).getTime() > nowMs) codes.push('144');

  const from = readParty(request, 'from', 'actFromStateCode');
  const to = readParty(request, 'to', 'actToStateCode');
  if (!GSTIN_OR_URP.test(from.gstin)) codes.push('208');
  if (!isPincode(from.pincode)) codes.push('210');
  if (!isStateCode(from.stateCode)) codes.push('211');
  if (!isStateCode(from.actualStateCode)) codes.push('371');
  if (!GSTIN_OR_URP.test(to.gstin)) codes.push('212');
  if (!isPincode(to.pincode)) codes.push('214');
  if (!isStateCode(to.stateCode)) codes.push('215');
  if (!isStateCode(to.actualStateCode)) codes.push('372');
  if (supplyType === 'O' && from.gstin !== userGstin) codes.push('359');
  if (supplyType === 'I' && to.gstin !== userGstin) codes.push('360');

  const itemList = Array.isArray(request.itemList) ? request.itemList : [];
  if (itemList.length === 0) codes.push('233');
  const items = itemList.map((entry, index) => readItem(entry, index));
  if (items.some((item) => !HSN.test(item.hsnCode))) codes.push('216');
  if (items.some((item) => Number.isNaN(item.taxableAmount))) codes.push('234');

  const totalValue = numberAt(request, 'totalValue') ?? 0;
  const cgstValue = numberAt(request, 'cgstValue') ?? 0;
  const sgstValue = numberAt(request, 'sgstValue') ?? 0;
  const igstValue = numberAt(request, 'igstValue') ?? 0;
  const cessValue = (numberAt(request, 'cessValue') ?? 0) + (numberAt(request, 'cessNonAdvolValue') ?? 0);
  const otherValue = numberAt(request, 'otherValue') ?? 0;
  const sum = totalValue + cgstValue + sgstValue + igstValue + cessValue + otherValue;
  const totInvValue = numberAt(request, 'totInvValue') ?? sum;
  if (totInvValue + INVOICE_VALUE_GRACE < sum) codes.push('620');

  const distance = numberAt(request, 'transDistance');
  if (distance === undefined || !Number.isInteger(distance) || distance < 0 || distance > MAX_DISTANCE_KM) {
    codes.push('221');
  } else if (distance > SAME_PIN_MAX_KM && from.pincode === to.pincode) {
    codes.push('702');
  }
  const transporterId = textAt(request, 'transporterId') ?? '';
  if (transporterId !== '' && !isGstin(transporterId)) codes.push('222');

  const transMode = textAt(request, 'transMode') ?? '';
  const vehicleNo = (textAt(request, 'vehicleNo') ?? '').toUpperCase();
  const transDocNo = textAt(request, 'transDocNo') ?? '';
  const vehicleType = textAt(request, 'vehicleType') ?? 'R';
  if (transMode !== '' && !TRANS_MODES.has(transMode)) codes.push('220');
  if (vehicleNo !== '' && !isVehicleNumber(vehicleNo)) codes.push('225');
  if (vehicleNo !== '' && transMode === '') codes.push('621');
  if (transDocNo !== '' && transMode === '') codes.push('622');
  if (vehicleType !== 'R' && vehicleType !== 'O') codes.push('361');
  if (vehicleType === 'O' && transMode !== '' && transMode !== '1') codes.push('634');
  const transDocDate = textAt(request, 'transDocDate') ?? '';
  if (transDocDate !== '' && !parseDayMonthYear(transDocDate)) codes.push('224');

  if (codes.length > 0) return { ok: false, errors: [...new Set(codes)].map(ewayBillError) };
  const hasPartB = vehicleNo !== '' || transDocNo !== '';
  return {
    ok: true,
    facts: {
      supplyType,
      subSupplyType,
      docType,
      docNo,
      docDate,
      transactionType: numberAt(request, 'transactionType') ?? 1,
      from,
      to,
      items,
      totalValue,
      cgstValue,
      sgstValue,
      igstValue,
      cessValue,
      otherValue,
      totInvValue,
      distanceKm: distance ?? 0,
      transporterId,
      transporterName: textAt(request, 'transporterName') ?? '',
      partB: hasPartB ? { vehicleNo, transMode, transDocNo, transDocDate: transDocDate || null } : undefined,
      vehicleType: vehicleType === 'O' ? 'O' : 'R',
    },
  };
}

/** What the system answers for distance 0: a stand-in for its PIN-to-PIN table (NOTES: "0 => auto"). */
export function pinToPinDistanceKm(fromPincode: number, toPincode: number): number {
  if (fromPincode === toPincode) return 10;
  return 10 + (Math.abs(fromPincode - toPincode) % 2000);
}

function readParty(request: JsonObject, prefix: 'from' | 'to', actualKey: string): Party {
  return {
    gstin: textAt(request, `${prefix}Gstin`) ?? '',
    tradeName: textAt(request, `${prefix}TrdName`) ?? '',
    addr1: textAt(request, `${prefix}Addr1`) ?? '',
    addr2: textAt(request, `${prefix}Addr2`) ?? '',
    place: textAt(request, `${prefix}Place`) ?? '',
    pincode: numberAt(request, `${prefix}Pincode`) ?? 0,
    stateCode: numberAt(request, `${prefix}StateCode`) ?? 0,
    actualStateCode: numberAt(request, actualKey) ?? 0,
  };
}

function readItem(entry: unknown, index: number): EwayBillItem {
  const item: JsonObject = isObject(entry) ? entry : {};
  return {
    itemNo: numberAt(item, 'itemNo') ?? index + 1,
    productName: textAt(item, 'productName') ?? '',
    productDesc: textAt(item, 'productDesc') ?? '',
    hsnCode: textAt(item, 'hsnCode') ?? '',
    quantity: numberAt(item, 'quantity') ?? 0,
    qtyUnit: textAt(item, 'qtyUnit') ?? '',
    taxableAmount: numberAt(item, 'taxableAmount') ?? Number.NaN,
    cgstRate: numberAt(item, 'cgstRate') ?? 0,
    sgstRate: numberAt(item, 'sgstRate') ?? 0,
    igstRate: numberAt(item, 'igstRate') ?? 0,
    cessRate: numberAt(item, 'cessRate') ?? 0,
  };
}

function isPincode(pin: number): boolean {
  return Number.isInteger(pin) && pin >= 100000 && pin <= 999999;
}

function isStateCode(code: number): boolean {
  return Number.isInteger(code) && code >= 1 && code <= 99;
}
