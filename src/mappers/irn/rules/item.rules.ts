import { Dec, isNotifiedGstRate, isServiceCode, isValidHsnFormat, isValidUqc } from '../../../domain';
import { exactConstant } from '../../../domain/decimal';
import { itemPath } from '../item-path';
import { type NicItem } from '../nic-einvoice-v1.1.types';
import { type RuleContext } from './rule-context';

export const MAX_ITEMS = 1000;
/** The IRP accepts a tax amount within one rupee of taxable value x rate. */
export const TAX_TOLERANCE = '1';
/** CGST and SGST are each half the GST rate. */
const FULL_RATE = 1;
const HALF_RATE = 2;
const ALL_ZEROS = /^0+$/;
const SERIAL_NUMBER = /^[0-9]{1,6}$/;

/** An item's amounts as decimals, read once and shared by the item and the total rules. */
export interface ItemAmounts<V> {
  assessable: V;
  igst: V;
  cgst: V;
  sgst: V;
  /** CesAmt + CesNonAdvlAmt */
  cess: V;
  /** StateCesAmt + StateCesNonAdvlAmt */
  stateCess: V;
  /** TotItemVal, as stated (with or without tax where NIC allows either). */
  itemValue: V;
}

export function checkItems<V>(context: RuleContext<V>): ItemAmounts<V>[] {
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
    const path = itemPath(index);
    if (!SERIAL_NUMBER.test(item.SlNo)) {
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
    return checkAmounts(context, path, item);
  });
}

function checkClassification<V>(context: RuleContext<V>, path: string, item: NicItem): void {
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

function checkAmounts<V>(context: RuleContext<V>, path: string, item: NicItem): ItemAmounts<V> {
  const arithmetic = context.arithmetic;
  const { fromWire, plus } = arithmetic;
  const total = fromWire(item.TotAmt);
  const discount = fromWire(item.Discount);
  const assessable = fromWire(item.AssAmt);
  const igst = fromWire(item.IgstAmt);
  const cgst = fromWire(item.CgstAmt);
  const sgst = fromWire(item.SgstAmt);
  const cessAdvalorem = fromWire(item.CesAmt);
  const cess = plus(cessAdvalorem, fromWire(item.CesNonAdvlAmt));
  const stateCessAdvalorem = fromWire(item.StateCesAmt);
  const stateCess = plus(stateCessAdvalorem, fromWire(item.StateCesNonAdvlAmt));

  const totalLessDiscount = arithmetic.isZero(discount) ? total : arithmetic.minus(total, discount);
  if (arithmetic.compare(totalLessDiscount, assessable) !== 0) {
    context.fail(
      `${path}.AssAmt`,
      'irn.item.assessableValue',
      `for HSN ${item.HsnCd} and Sl. No ${item.SlNo}, AssAmt must equal TotAmt - Discount (${arithmetic.toDecimal(totalLessDiscount).toFixed(2)})`,
      item.AssAmt,
      '2193',
    );
  }
  checkTaxKind(context, path, igst, cgst, sgst);
  if (!context.isNote) checkTaxesAgainstRates(context, path, item, assessable, igst, cgst, sgst);

  const withoutTax = plus(assessable, fromWire(item.OthChrg));
  const withTax = plus(withoutTax, plus(plus(plus(igst, cgst), plus(sgst, cess)), stateCess));
  const itemValue = fromWire(item.TotItemVal);
  if (
    arithmetic.compare(itemValue, withTax) !== 0 &&
    !(context.taxMayBeExcluded && arithmetic.compare(itemValue, withoutTax) === 0)
  ) {
    context.fail(
      `${path}.TotItemVal`,
      'irn.item.totalValue',
      `TotItemVal must be AssAmt + taxes + cess + OthChrg (${arithmetic.toDecimal(withTax).toFixed(2)})`,
      item.TotItemVal,
    );
  }
  return { assessable, igst, cgst, sgst, cess, stateCess, itemValue };
}

/**
 * Tax = taxable value x rate, within the IRP's rupee. Not for credit and debit notes (the IRP does not
 * check them either), nor for a zero IGST on a supply without payment of tax.
 */
function checkTaxesAgainstRates<V>(
  context: RuleContext<V>,
  path: string,
  item: NicItem,
  assessable: V,
  igst: V,
  cgst: V,
  sgst: V,
): void {
  const { fromWire, isZero } = context.arithmetic;
  if (context.igstRegime) {
    const waived = context.withoutPayment && isZero(igst);
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
    fromWire(item.CesAmt),
    assessable,
    item.CesRt,
    FULL_RATE,
  );
  checkRate(
    context,
    `${path}.StateCesAmt`,
    'irn.item.stateCessAmount',
    fromWire(item.StateCesAmt),
    assessable,
    item.StateCesRt,
    FULL_RATE,
  );
}

/** CGST + SGST within a state, IGST across states, for SEZ and exports, or with IgstOnIntra = Y. */
function checkTaxKind<V>(context: RuleContext<V>, path: string, igst: V, cgst: V, sgst: V): void {
  const arithmetic = context.arithmetic;
  const isPositive = (value: V) => arithmetic.compare(value, arithmetic.zero) > 0;
  if (context.igstRegime) {
    if (isPositive(cgst) || isPositive(sgst)) {
      context.fail(
        `${path}.${isPositive(cgst) ? 'CgstAmt' : 'SgstAmt'}`,
        'irn.item.cgstSgstNotApplicable',
        context.isExport || context.isSez
          ? 'SEZ supplies and exports carry IGST, not CGST/SGST'
          : 'an inter-state supply (seller state differs from place of supply) carries IGST, not CGST/SGST',
        arithmetic.toDecimal(isPositive(cgst) ? cgst : sgst).toNumber(),
      );
    }
    if (context.withoutPayment && isPositive(igst)) {
      context.fail(
        `${path}.IgstAmt`,
        'irn.item.igstWithoutPayment',
        `${context.payload.TranDtls.SupTyp} is a supply without payment of tax: IGST must be 0`,
        arithmetic.toDecimal(igst).toNumber(),
      );
    }
    return;
  }
  if (isPositive(igst)) {
    context.fail(
      `${path}.IgstAmt`,
      'irn.item.igstOnIntraState',
      'an intra-state supply (seller state = place of supply) carries CGST + SGST, not IGST, unless IgstOnIntra is Y',
      arithmetic.toDecimal(igst).toNumber(),
      '2172',
    );
  }
  if (arithmetic.compare(cgst, sgst) !== 0) {
    context.fail(
      `${path}.SgstAmt`,
      'irn.item.cgstSgstUnequal',
      `SGST must equal CGST (${arithmetic.toDecimal(cgst).toFixed(2)})`,
      arithmetic.toDecimal(sgst).toNumber(),
    );
  }
}

function checkRate<V>(
  context: RuleContext<V>,
  path: string,
  rule: string,
  actual: V,
  assessable: V,
  rate: number | undefined,
  share: typeof FULL_RATE | typeof HALF_RATE,
): void {
  const arithmetic = context.arithmetic;
  if (arithmetic.isZero(actual) && (rate === undefined || rate === 0)) return;
  const rateValue = arithmetic.fromWire(rate);
  const tolerance = exactConstant(arithmetic, TAX_TOLERANCE);
  if (!arithmetic.isWithinFraction(actual, assessable, rateValue, 100 * share, tolerance)) {
    const expected = arithmetic.toDecimal(assessable).times(arithmetic.toDecimal(rateValue).div(100 * share));
    context.fail(
      path,
      rule,
      `must be taxable value x rate (${expected.toFixed(2)}), within ${new Dec(TAX_TOLERANCE).toFixed(2)}`,
      arithmetic.toDecimal(actual).toNumber(),
    );
  }
}
