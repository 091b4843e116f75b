import { Dec, type Decimal, ZERO } from '../../../domain/money';
import { isNotifiedGstRate } from '../../../domain/gst-rates';
import { isServiceCode, isValidHsnFormat } from '../../../domain/hsn';
import { isValidUqc } from '../../../domain/uqc';
import { type NicItem } from '../nic-einvoice-v1.1.types';
import { plus } from '../decimal-sums';
import { fromWireNumber } from '../wire-number';
import { type RuleContext, within } from './rule-context';

export const MAX_ITEMS = 1000;
/** The IRP accepts a tax amount within one rupee of taxable value x rate. */
export const TAX_TOLERANCE = new Dec(1);
/** CGST and SGST are each half the GST rate. */
const FULL_RATE = 1;
const HALF_RATE = 2;
const ALL_ZEROS = /^0+$/;

const AMOUNT_FIELDS = [
  'Qty',
  'FreeQty',
  'UnitPrice',
  'TotAmt',
  'Discount',
  'PreTaxVal',
  'AssAmt',
  'GstRt',
  'IgstAmt',
  'CgstAmt',
  'SgstAmt',
  'CesRt',
  'CesAmt',
  'CesNonAdvlAmt',
  'StateCesRt',
  'StateCesAmt',
  'StateCesNonAdvlAmt',
  'OthChrg',
  'TotItemVal',
] as const;

/** An item's amounts as decimals, read once and shared by the item and the total rules. */
export interface ItemAmounts {
  assessable: Decimal;
  igst: Decimal;
  cgst: Decimal;
  sgst: Decimal;
  /** CesAmt + CesNonAdvlAmt */
  cess: Decimal;
  /** StateCesAmt + StateCesNonAdvlAmt */
  stateCess: Decimal;
}

export function checkItems(context: RuleContext): ItemAmounts[] {
  const items = context.payload.ItemList;
  if (items.length < 1 || items.length > MAX_ITEMS) {
    context.fail(
      'ItemList',
      'irn.items.count',
      `an e-invoice has 1 to ${MAX_ITEMS} items, this has ${items.length}`,
      items.length,
    );
  }
  const serialNumbers = new Set<string>();
  return items.map((item, index) => {
    const path = `ItemList[${index}]`;
    if (!/^[0-9]{1,6}$/.test(item.SlNo)) {
      context.fail(`${path}.SlNo`, 'irn.item.serialNumber', 'a serial number has 1 to 6 digits', item.SlNo);
    } else if (serialNumbers.has(item.SlNo)) {
      context.fail(
        `${path}.SlNo`,
        'irn.item.serialNumberDuplicate',
        'serial numbers must be unique',
        item.SlNo,
      );
    }
    serialNumbers.add(item.SlNo);
    checkClassification(context, path, item);
    checkNonNegative(context, path, item);
    return checkAmounts(context, path, item);
  });
}

function checkClassification(context: RuleContext, path: string, item: NicItem): void {
  if (!isValidHsnFormat(item.HsnCd) || ALL_ZEROS.test(item.HsnCd)) {
    context.fail(
      `${path}.HsnCd`,
      'irn.item.hsnFormat',
      'an HSN or SAC code has 4, 6 or 8 digits',
      item.HsnCd,
      '2176',
    );
  } else if ((item.IsServc === 'Y') !== isServiceCode(item.HsnCd)) {
    context.fail(
      `${path}.IsServc`,
      'irn.item.serviceHsn',
      item.IsServc === 'Y'
        ? 'a service needs a SAC code (99...)'
        : 'a SAC code (99...) is a service: IsServc must be Y',
      item.IsServc,
    );
  }
  const isGoods = item.IsServc !== 'Y';
  if (isGoods && item.Qty === undefined) {
    context.fail(`${path}.Qty`, 'irn.item.quantityRequired', 'goods need a quantity');
  }
  if (item.Unit === undefined || item.Unit === '') {
    if (isGoods) context.fail(`${path}.Unit`, 'irn.item.unitRequired', 'goods need a unit (UQC)', item.Unit);
  } else if (!isValidUqc(item.Unit)) {
    context.fail(
      `${path}.Unit`,
      'irn.item.uqc',
      'not a unit quantity code (UQC) of the GST master',
      item.Unit,
    );
  }
  if (!isNotifiedRate(item.GstRt)) {
    context.fail(`${path}.GstRt`, 'irn.item.gstRate', 'not a notified GST rate', item.GstRt, '2240');
  }
}

/** Rates repeat across items and invoices: remember the few answers instead of re-parsing each time. */
const notifiedRateAnswers = new Map<number, boolean>();
const MAX_REMEMBERED_RATES = 64;

function isNotifiedRate(rate: number): boolean {
  let answer = notifiedRateAnswers.get(rate);
  if (answer === undefined) {
    answer = isNotifiedGstRate(String(rate));
    if (notifiedRateAnswers.size < MAX_REMEMBERED_RATES) notifiedRateAnswers.set(rate, answer);
  }
  return answer;
}

/** rate% (or half of it) as a fraction, 18 -> 0.18; exact, and remembered since rates repeat. */
const rateFractions = [new Map<number, Decimal>(), new Map<number, Decimal>(), new Map<number, Decimal>()];

function rateFraction(rate: number, share: typeof FULL_RATE | typeof HALF_RATE): Decimal {
  const known = rateFractions[share];
  let fraction = known.get(rate);
  if (fraction === undefined) {
    fraction = fromWireNumber(rate).div(100 * share);
    if (known.size < MAX_REMEMBERED_RATES) known.set(rate, fraction);
  }
  return fraction;
}

function checkNonNegative(context: RuleContext, path: string, item: NicItem): void {
  for (const field of AMOUNT_FIELDS) {
    const value = item[field];
    if (value !== undefined && value < 0) {
      context.fail(
        `${path}.${field}`,
        'irn.amount.negative',
        'NIC amounts, quantities and rates are not negative',
        value,
      );
    }
  }
}

function checkAmounts(context: RuleContext, path: string, item: NicItem): ItemAmounts {
  const total = fromWireNumber(item.TotAmt);
  const discount = fromWireNumber(item.Discount);
  const assessable = fromWireNumber(item.AssAmt);
  const igst = fromWireNumber(item.IgstAmt);
  const cgst = fromWireNumber(item.CgstAmt);
  const sgst = fromWireNumber(item.SgstAmt);
  const cessAdvalorem = fromWireNumber(item.CesAmt);
  const cess = plus(cessAdvalorem, fromWireNumber(item.CesNonAdvlAmt));
  const stateCessAdvalorem = fromWireNumber(item.StateCesAmt);
  const stateCess = plus(stateCessAdvalorem, fromWireNumber(item.StateCesNonAdvlAmt));

  const totalLessDiscount = discount.isZero() ? total : total.minus(discount);
  if (!totalLessDiscount.eq(assessable)) {
    context.fail(
      `${path}.AssAmt`,
      'irn.item.assessableValue',
      `for HSN ${item.HsnCd} and Sl. No ${item.SlNo}, AssAmt must equal TotAmt - Discount (${totalLessDiscount.toFixed(2)})`,
      item.AssAmt,
      '2193',
    );
  }
  checkTaxKind(context, path, igst, cgst, sgst);
  if (!context.isNote) checkTaxesAgainstRates(context, path, item, assessable, igst, cgst, sgst);

  const withoutTax = plus(assessable, fromWireNumber(item.OthChrg));
  const withTax = plus(withoutTax, plus(plus(plus(igst, cgst), plus(sgst, cess)), stateCess));
  const itemValue = fromWireNumber(item.TotItemVal);
  if (!itemValue.eq(withTax) && !(context.taxMayBeExcluded && itemValue.eq(withoutTax))) {
    context.fail(
      `${path}.TotItemVal`,
      'irn.item.totalValue',
      `TotItemVal must be AssAmt + taxes + cess + OthChrg (${withTax.toFixed(2)})`,
      item.TotItemVal,
    );
  }
  return { assessable, igst, cgst, sgst, cess, stateCess };
}

/**
 * Tax = taxable value x rate, within the IRP's rupee. Not for credit and debit notes (the IRP does not
 * check them either), nor for a zero IGST on a supply without payment of tax.
 */
function checkTaxesAgainstRates(
  context: RuleContext,
  path: string,
  item: NicItem,
  assessable: Decimal,
  igst: Decimal,
  cgst: Decimal,
  sgst: Decimal,
): void {
  if (context.igstRegime) {
    const waived = context.withoutPayment && igst.isZero();
    if (!waived)
      checkRate(context, `${path}.IgstAmt`, 'irn.item.taxAmount', igst, assessable, item.GstRt, FULL_RATE);
  } else {
    checkRate(context, `${path}.CgstAmt`, 'irn.item.taxAmount', cgst, assessable, item.GstRt, HALF_RATE);
    checkRate(context, `${path}.SgstAmt`, 'irn.item.taxAmount', sgst, assessable, item.GstRt, HALF_RATE);
  }
  checkRate(
    context,
    `${path}.CesAmt`,
    'irn.item.cessAmount',
    fromWireNumber(item.CesAmt),
    assessable,
    item.CesRt,
    FULL_RATE,
  );
  checkRate(
    context,
    `${path}.StateCesAmt`,
    'irn.item.stateCessAmount',
    fromWireNumber(item.StateCesAmt),
    assessable,
    item.StateCesRt,
    FULL_RATE,
  );
}

/** CGST + SGST within a state, IGST across states, for SEZ and exports, or with IgstOnIntra = Y. */
function checkTaxKind(context: RuleContext, path: string, igst: Decimal, cgst: Decimal, sgst: Decimal): void {
  if (context.igstRegime) {
    if (cgst.gt(ZERO) || sgst.gt(ZERO)) {
      context.fail(
        `${path}.${cgst.gt(ZERO) ? 'CgstAmt' : 'SgstAmt'}`,
        'irn.item.cgstSgstNotApplicable',
        context.isExport || context.isSez
          ? 'SEZ supplies and exports carry IGST, not CGST/SGST'
          : 'an inter-state supply (seller state differs from place of supply) carries IGST, not CGST/SGST',
        (cgst.gt(ZERO) ? cgst : sgst).toNumber(),
      );
    }
    if (context.withoutPayment && igst.gt(ZERO)) {
      context.fail(
        `${path}.IgstAmt`,
        'irn.item.igstWithoutPayment',
        `${context.payload.TranDtls.SupTyp} is a supply without payment of tax: IGST must be 0`,
        igst.toNumber(),
      );
    }
    return;
  }
  if (igst.gt(ZERO)) {
    context.fail(
      `${path}.IgstAmt`,
      'irn.item.igstOnIntraState',
      'an intra-state supply (seller state = place of supply) carries CGST + SGST, not IGST, unless IgstOnIntra is Y',
      igst.toNumber(),
      '2172',
    );
  }
  if (!cgst.eq(sgst)) {
    context.fail(
      `${path}.SgstAmt`,
      'irn.item.cgstSgstUnequal',
      `SGST must equal CGST (${cgst.toFixed(2)})`,
      sgst.toNumber(),
    );
  }
}

function checkRate(
  context: RuleContext,
  path: string,
  rule: string,
  actual: Decimal,
  assessable: Decimal,
  rate: number | undefined,
  share: typeof FULL_RATE | typeof HALF_RATE,
): void {
  if (actual.isZero() && (rate === undefined || rate === 0)) return;
  const expected = assessable.times(rateFraction(rate ?? 0, share));
  if (!within(actual, expected, TAX_TOLERANCE)) {
    context.fail(
      path,
      rule,
      `must be taxable value x rate (${expected.toFixed(2)}), within ${TAX_TOLERANCE.toFixed(2)}`,
      actual.toNumber(),
    );
  }
}
