/**
 * The IRP's checks on a generate request: schema-level shape (2140) and the business rules integrators
 * meet most (GSTIN validity, seller ownership, state codes, future date, tax slabs, item and total math).
 */
import Decimal from 'decimal.js';
import { irpError, type IrpError } from './irp-errors';
import { parseDayMonthYear, istStartOfDay } from './ist-time';
import { isObject, numberAt, objectAt, textAt, type JsonObject } from './json-access';
import type { TaxpayerMaster } from './taxpayer-master';

export const NOTIFIED_GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40];
const SUPPLY_TYPES = ['B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP'];
const DOC_TYPES = ['INV', 'CRN', 'DBN'];
const DOC_NO = /^[a-zA-Z1-9][a-zA-Z0-9/-]{0,15}$/;
const HSN = /^(?!0+$)([0-9]{4}|[0-9]{6}|[0-9]{8})$/;
const STATE = /^(?!0+$)[0-9]{1,2}$/;
const TOLERANCE = new Decimal(1);

export interface IrpInvoiceFacts {
  sellerGstin: string;
  buyerGstin: string;
  docType: string;
  docNo: string;
  docDate: string;
  totInvVal: number;
  items: { hsn: string; totItemVal: number; isService: boolean }[];
  sellerPin?: number;
  buyerPin?: number;
  ewb?: JsonObject;
}

export interface ValidationContext {
  now: Date;
  /** GSTINs the caller may issue for. */
  allowedSellers: readonly string[];
  taxpayers: TaxpayerMaster;
}

export type ValidationResult = { ok: true; facts: IrpInvoiceFacts } | { ok: false; errors: IrpError[] };

export function validateIrpInvoice(body: unknown, context: ValidationContext): ValidationResult {
  if (!isObject(body)) return { ok: false, errors: [irpError('2140', 'request body must be a JSON object')] };
  const shapeErrors = checkShape(body);
  if (shapeErrors.length > 0) return { ok: false, errors: shapeErrors };
  const facts = readFacts(body);
  const errors = [...checkParties(body, facts, context), ...checkDates(facts, context), ...checkItems(body)];
  errors.push(...checkTotals(body));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, facts };
}

function checkShape(body: JsonObject): IrpError[] {
  const problems: string[] = [];
  const require = (condition: boolean, what: string) => {
    if (!condition) problems.push(what);
  };
  const tran = objectAt(body, 'TranDtls');
  const doc = objectAt(body, 'DocDtls');
  const seller = objectAt(body, 'SellerDtls');
  const buyer = objectAt(body, 'BuyerDtls');
  const val = objectAt(body, 'ValDtls');
  const items = body.ItemList;
  require(textAt(body, 'Version') === '1.1', 'Version must be 1.1');
  require(textAt(tran, 'TaxSch') === 'GST', 'TranDtls.TaxSch must be GST');
  require(SUPPLY_TYPES.includes(textAt(tran, 'SupTyp')?.toUpperCase() ?? ''), 'TranDtls.SupTyp is invalid');
  require(DOC_TYPES.includes(textAt(doc, 'Typ')?.toUpperCase() ?? ''), 'DocDtls.Typ is invalid');
  require(DOC_NO.test(textAt(doc, 'No') ?? ''), 'DocDtls.No is invalid');
  require(parseDayMonthYear(textAt(doc, 'Dt') ?? '') !== undefined, 'DocDtls.Dt must be dd/mm/yyyy');
  require(/^[0-9]{2}[0-9A-Z]{13}$/.test(textAt(seller, 'Gstin') ?? ''), 'SellerDtls.Gstin is invalid');
  require(/^([0-9]{2}[0-9A-Z]{13}|URP)$/.test(textAt(buyer, 'Gstin') ?? ''), 'BuyerDtls.Gstin is invalid');
  for (const [party, name] of [
    [seller, 'SellerDtls'],
    [buyer, 'BuyerDtls'],
  ] as const) {
    require(!!textAt(party, 'LglNm'), `${name}.LglNm is required`);
    require(!!textAt(party, 'Addr1'), `${name}.Addr1 is required`);
    require(!!textAt(party, 'Loc'), `${name}.Loc is required`);
    require(STATE.test(textAt(party, 'Stcd') ?? ''), `${name}.Stcd is invalid`);
  }
  require(STATE.test(textAt(buyer, 'Pos') ?? ''), 'BuyerDtls.Pos is invalid');
  require(numberAt(val, 'AssVal') !== undefined, 'ValDtls.AssVal is required');
  require(numberAt(val, 'TotInvVal') !== undefined, 'ValDtls.TotInvVal is required');
  if (!Array.isArray(items) || items.length === 0 || items.length > 1000) {
    problems.push('ItemList must hold 1 to 1000 items');
  } else {
    const serials = new Set<string>();
    items.forEach((item: unknown, index) => {
      const at = `ItemList[${index}]`;
      if (!isObject(item)) return problems.push(`${at} must be an object`);
      const slNo = textAt(item, 'SlNo') ?? '';
      require(/^[0-9]{1,6}$/.test(slNo) && !serials.has(slNo), `${at}.SlNo must be numeric and unique`);
      serials.add(slNo);
      require(['Y', 'N'].includes(textAt(item, 'IsServc') ?? ''), `${at}.IsServc must be Y or N`);
      require(HSN.test(textAt(item, 'HsnCd') ?? ''), `${at}.HsnCd is invalid`);
      for (const field of ['UnitPrice', 'TotAmt', 'AssAmt', 'GstRt', 'TotItemVal']) {
        require(numberAt(item, field) !== undefined, `${at}.${field} is required`);
      }
    });
  }
  return problems.length > 0 ? [irpError('2140', problems.join('; '))] : [];
}

function readFacts(body: JsonObject): IrpInvoiceFacts {
  const doc = objectAt(body, 'DocDtls');
  const items = (body.ItemList as JsonObject[]).map((item) => ({
    hsn: textAt(item, 'HsnCd') ?? '',
    totItemVal: numberAt(item, 'TotItemVal') ?? 0,
    isService: textAt(item, 'IsServc') === 'Y',
  }));
  return {
    sellerGstin: textAt(objectAt(body, 'SellerDtls'), 'Gstin') ?? '',
    buyerGstin: textAt(objectAt(body, 'BuyerDtls'), 'Gstin') ?? '',
    docType: (textAt(doc, 'Typ') ?? '').toUpperCase(),
    docNo: textAt(doc, 'No') ?? '',
    docDate: textAt(doc, 'Dt') ?? '',
    totInvVal: numberAt(objectAt(body, 'ValDtls'), 'TotInvVal') ?? 0,
    items,
    sellerPin: numberAt(objectAt(body, 'SellerDtls'), 'Pin'),
    buyerPin: numberAt(objectAt(body, 'BuyerDtls'), 'Pin'),
    ewb: objectAt(body, 'EwbDtls'),
  };
}

function checkParties(body: JsonObject, facts: IrpInvoiceFacts, context: ValidationContext): IrpError[] {
  const errors: IrpError[] = [];
  const seller = objectAt(body, 'SellerDtls');
  if (!context.allowedSellers.includes(facts.sellerGstin)) {
    errors.push(irpError('2143', `seller GSTIN ${facts.sellerGstin}`));
  }
  for (const [gstin, role] of [
    [facts.sellerGstin, 'Supplier'],
    [facts.buyerGstin, 'Recipient'],
  ] as const) {
    if (gstin === 'URP') continue;
    const found = context.taxpayers.lookup(gstin);
    if (!found.found) errors.push(irpError('3028', `${role} GSTIN ${gstin}`));
    else if (found.details.Status !== 'ACT') errors.push(irpError('3029', `${role} GSTIN ${gstin}`));
  }
  if (facts.sellerGstin === facts.buyerGstin) errors.push(irpError('2211'));
  if (Number(textAt(seller, 'Stcd')) !== Number(facts.sellerGstin.slice(0, 2))) errors.push(irpError('2258'));
  return errors;
}

function checkDates(facts: IrpInvoiceFacts, context: ValidationContext): IrpError[] {
  const date = parseDayMonthYear(facts.docDate);
  if (date && istStartOfDay(date).getTime() > context.now.getTime()) return [irpError('2163')];
  return [];
}

function checkItems(body: JsonObject): IrpError[] {
  const errors: IrpError[] = [];
  const tran = objectAt(body, 'TranDtls');
  const supplyType = textAt(tran, 'SupTyp')?.toUpperCase() ?? '';
  const docType = textAt(objectAt(body, 'DocDtls'), 'Typ')?.toUpperCase();
  const sellerState = Number(textAt(objectAt(body, 'SellerDtls'), 'Stcd'));
  const placeOfSupply = Number(textAt(objectAt(body, 'BuyerDtls'), 'Pos'));
  const interStateByNature = ['SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP'].includes(supplyType);
  const intraState = sellerState === placeOfSupply && !interStateByNature;
  const igstOnIntra = textAt(tran, 'IgstOnIntra') === 'Y';
  (body.ItemList as JsonObject[]).forEach((item) => {
    const hsn = textAt(item, 'HsnCd') ?? '';
    const slNo = textAt(item, 'SlNo') ?? '';
    const amount = (field: string) => new Decimal(numberAt(item, field) ?? 0);
    if (!NOTIFIED_GST_RATES.includes(numberAt(item, 'GstRt') ?? -1)) {
      errors.push(irpError('2240', `Sl. No ${slNo}`));
    }
    if (textAt(item, 'IsServc') === 'Y' && !hsn.startsWith('99')) {
      errors.push(irpError('2176', `${hsn} is not a SAC for the service in Sl. No ${slNo}`));
    }
    if (amount('TotAmt').minus(amount('Discount')).minus(amount('AssAmt')).abs().greaterThan(TOLERANCE)) {
      errors.push(irpError('2193', `HSN ${hsn} and Sl. No ${slNo}`));
    }
    if (docType === 'CRN' || docType === 'DBN') return;
    if (intraState && !igstOnIntra && amount('IgstAmt').greaterThan(0)) {
      errors.push(irpError('2172', `item ${hsn} Sl. No ${slNo}`));
    }
    if (!intraState && (amount('CgstAmt').greaterThan(0) || amount('SgstAmt').greaterThan(0))) {
      errors.push(irpError('2173', `item ${hsn} Sl. No ${slNo}`));
    }
  });
  return errors;
}

function checkTotals(body: JsonObject): IrpError[] {
  const errors: IrpError[] = [];
  const val = objectAt(body, 'ValDtls');
  const items = body.ItemList as JsonObject[];
  const total = (field: string) => new Decimal(numberAt(val, field) ?? 0);
  const itemSum = items.reduce((sum, item) => sum.plus(numberAt(item, 'AssAmt') ?? 0), new Decimal(0));
  if (itemSum.minus(total('AssVal')).abs().greaterThan(TOLERANCE)) errors.push(irpError('2182'));
  const expected = total('AssVal')
    .plus(total('CgstVal'))
    .plus(total('SgstVal'))
    .plus(total('IgstVal'))
    .plus(total('CesVal'))
    .plus(total('StCesVal'))
    .plus(total('OthChrg'))
    .minus(total('Discount'))
    .plus(total('RndOffAmt'));
  const itemTotals = items.reduce((sum, item) => sum.plus(numberAt(item, 'TotItemVal') ?? 0), new Decimal(0));
  const viaItems = itemTotals.plus(total('OthChrg')).minus(total('Discount')).plus(total('RndOffAmt'));
  const stated = total('TotInvVal');
  if (
    stated.minus(expected).abs().greaterThan(TOLERANCE) &&
    stated.minus(viaItems).abs().greaterThan(TOLERANCE)
  ) {
    errors.push(irpError('2189', `expected ${expected.toFixed(2)}, got ${stated.toFixed(2)}`));
  }
  return errors;
}
