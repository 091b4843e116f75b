/**
 * The IRP's checks on a generate request: NIC's schema v1.1 (2140), then the business rules integrators
 * meet most: GSTIN validity and seller ownership, GSTIN states against state codes, state and PIN
 * masters, future date, tax slabs, units, which GST applies, tax amounts against rates, item and total
 * math.
 */
import Decimal from 'decimal.js';
import { isStateCode, UNIT_QUANTITY_CODES } from './gst-masters';
import { irpError, irpErrorWith, type IrpError } from './irp-errors';
import { parseDayMonthYear, istStartOfDay } from './ist-time';
import { checkItemTaxes, toleranceVerdict } from './item-tax-checks';
import { checkItemList } from './item-list-checks';
import { isObject, numberAt, objectAt, textAt, type JsonObject } from './json-access';
import { NIC_INVOICE_SCHEMA } from './nic-invoice-schema';
import { checkPlaces } from './place-checks';
import { schemaViolations } from './schema-check';
import { supplyNatureOf, type SupplyNature } from './supply-nature';
import type { TaxpayerMaster } from './taxpayer-master';

export const NOTIFIED_GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40];
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
  const nature = supplyNatureOf(body);
  const errors = [
    ...checkParties(body, facts, nature, context),
    ...checkPlaces(body),
    ...checkDates(facts, context),
    ...checkItems(body, nature),
    ...checkItemTaxes(body.ItemList as JsonObject[], nature),
    ...checkItemList(body, nature),
  ];
  return errors.length > 0 ? { ok: false, errors } : { ok: true, facts };
}

function checkShape(body: JsonObject): IrpError[] {
  const problems = schemaViolations(NIC_INVOICE_SCHEMA, body);
  if (problems.length === 0) problems.push(...beyondSchema(body));
  return problems.length > 0 ? [irpError('2140', problems.join('; '))] : [];
}

/** What the IRP refuses as malformed although the schema's patterns let it through. */
function beyondSchema(body: JsonObject): string[] {
  const problems: string[] = [];
  if (textAt(body, 'Version') !== '1.1') problems.push('Version must be 1.1');
  if (!parseDayMonthYear(textAt(objectAt(body, 'DocDtls'), 'Dt') ?? '')) {
    problems.push('DocDtls.Dt must be a calendar date (dd/mm/yyyy)');
  }
  return problems;
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

function checkParties(
  body: JsonObject,
  facts: IrpInvoiceFacts,
  nature: SupplyNature,
  context: ValidationContext,
): IrpError[] {
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
    const status = context.taxpayers.status(gstin);
    if (status === undefined) errors.push(irpError('3028', `${role} GSTIN ${gstin}`));
    else if (status !== 'ACT') errors.push(irpError('3029', `${role} GSTIN ${gstin}`));
  }
  if (facts.sellerGstin === facts.buyerGstin) errors.push(irpError('2211'));
  if (Number(textAt(seller, 'Stcd')) !== Number(facts.sellerGstin.slice(0, 2))) errors.push(irpError('2258'));
  if (buyerStateDiffersFromGstin(body, facts, nature)) errors.push(irpError('2265'));
  return errors;
}

/**
 * A buyer with a GSTIN (B2B, SEZ, deemed export) must sit in the GSTIN's state; an export's buyer is URP
 * in "other country". A state code outside the master is already 2260, so it is not compared.
 */
function buyerStateDiffersFromGstin(body: JsonObject, facts: IrpInvoiceFacts, nature: SupplyNature): boolean {
  if (facts.buyerGstin === 'URP' || nature.supplyType.startsWith('EXP')) return false;
  const state = Number(textAt(objectAt(body, 'BuyerDtls'), 'Stcd'));
  return isStateCode(state) && state !== Number(facts.buyerGstin.slice(0, 2));
}

function checkDates(facts: IrpInvoiceFacts, context: ValidationContext): IrpError[] {
  const date = parseDayMonthYear(facts.docDate);
  if (date && istStartOfDay(date).getTime() > context.now.getTime()) return [irpError('2163')];
  return [];
}

function checkItems(body: JsonObject, nature: SupplyNature): IrpError[] {
  const errors: IrpError[] = [];
  for (const item of body.ItemList as JsonObject[]) {
    const hsn = textAt(item, 'HsnCd') ?? '';
    const slNo = textAt(item, 'SlNo') ?? '';
    const unit = textAt(item, 'Unit');
    const amount = (field: string) => numberAt(item, field) ?? 0;
    if (!NOTIFIED_GST_RATES.includes(numberAt(item, 'GstRt') ?? -1)) {
      errors.push(irpError('2240', `Sl. No ${slNo}`));
    }
    if (textAt(item, 'IsServc') === 'Y' && !hsn.startsWith('99')) {
      errors.push(irpError('2176', `${hsn} is not a SAC for the service in Sl. No ${slNo}`));
    }
    if (unit !== undefined && !UNIT_QUANTITY_CODES.has(unit)) errors.push(irpErrorWith('2177', unit));
    if (assessableBeyondTolerance(amount('TotAmt'), amount('Discount'), amount('AssAmt'))) {
      errors.push(irpError('2193', `HSN ${hsn} and Sl. No ${slNo}`));
    }
    if (nature.isNote) continue;
    if (!nature.igstCharged && amount('IgstAmt') > 0) {
      errors.push(irpError('2172', `item ${hsn} Sl. No ${slNo}`));
    }
    if (!nature.intraState && (amount('CgstAmt') > 0 || amount('SgstAmt') > 0)) {
      errors.push(irpError('2174', `item ${hsn} Sl. No ${slNo}`));
    }
  }
  return errors;
}

/** |TotAmt − Discount − AssAmt| > 1, as decimal arithmetic decides it. */
function assessableBeyondTolerance(total: number, discount: number, assessable: number): boolean {
  const verdict = toleranceVerdict(
    total - discount - assessable,
    Math.abs(total) + Math.abs(discount) + Math.abs(assessable),
  );
  if (verdict !== undefined) return verdict;
  return new Decimal(total).minus(discount).minus(assessable).abs().greaterThan(TOLERANCE);
}
