import { Dec } from '../../../domain/money';
import { type ExactArithmetic, exactConstant } from '../exact-arithmetic';
import { type NicValDtls } from '../nic-einvoice-v1.1.types';
import { type ItemAmounts } from './item.rules';
import { type RuleContext } from './rule-context';

/** The IRP accepts a total invoice value within one rupee of its computed value (2189). */
export const INVOICE_VALUE_TOLERANCE = '1';
export const ROUND_OFF_LIMIT = '99.99';

const VALUE_FIELDS = [
  'AssVal',
  'CgstVal',
  'SgstVal',
  'IgstVal',
  'CesVal',
  'StCesVal',
  'Discount',
  'OthChrg',
  'TotInvVal',
  'TotInvValFc',
] as const satisfies readonly (keyof NicValDtls)[];

/**
 * ValDtls against the items: each sum must equal the sum of the item values (the mapper guarantees it
 * to the paisa, so no tolerance), and TotInvVal must be the sum of its parts within the IRP's rupee.
 */
export function checkTotals<V>(context: RuleContext<V>, items: readonly ItemAmounts<V>[]): void {
  const values = context.payload.ValDtls;
  for (const field of VALUE_FIELDS) {
    const value = values[field];
    if (value !== undefined && value < 0) {
      context.fail(`ValDtls.${field}`, 'irn.amount.negative', 'NIC amounts are not negative', value);
    }
  }
  const arithmetic = context.arithmetic;
  const { fromWire, plus, minus } = arithmetic;
  const sums = sumItems(arithmetic, items);
  const assessable = fromWire(values.AssVal);
  checkSum(context, 'AssVal', assessable, sums.assessable, 'irn.total.assessableValue', '2182');
  const cgst = fromWire(values.CgstVal);
  const sgst = fromWire(values.SgstVal);
  const igst = fromWire(values.IgstVal);
  const cess = fromWire(values.CesVal);
  const stateCess = fromWire(values.StCesVal);
  checkSum(context, 'CgstVal', cgst, sums.cgst, 'irn.total.taxValue');
  checkSum(context, 'SgstVal', sgst, sums.sgst, 'irn.total.taxValue');
  checkSum(context, 'IgstVal', igst, sums.igst, 'irn.total.taxValue');
  checkSum(context, 'CesVal', cess, sums.cess, 'irn.total.taxValue');
  checkSum(context, 'StCesVal', stateCess, sums.stateCess, 'irn.total.taxValue');

  const roundOff = fromWire(values.RndOffAmt);
  if (arithmetic.compare(arithmetic.abs(roundOff), exactConstant(arithmetic, ROUND_OFF_LIMIT)) > 0) {
    context.fail(
      'ValDtls.RndOffAmt',
      'irn.total.roundOff',
      'the round-off lies between -99.99 and 99.99',
      values.RndOffAmt,
    );
  }
  const beforeTax = plus(
    minus(plus(assessable, fromWire(values.OthChrg)), fromWire(values.Discount)),
    roundOff,
  );
  const withTax = plus(plus(plus(plus(plus(beforeTax, cgst), sgst), igst), cess), stateCess);
  const invoiceValue = fromWire(values.TotInvVal);
  const tolerance = exactConstant(arithmetic, INVOICE_VALUE_TOLERANCE);
  const matches =
    arithmetic.isWithin(invoiceValue, withTax, tolerance) ||
    (context.taxMayBeExcluded && arithmetic.isWithin(invoiceValue, beforeTax, tolerance));
  if (!matches) {
    context.fail(
      'ValDtls.TotInvVal',
      'irn.total.invoiceValue',
      `TotInvVal must be AssVal + taxes + cess + OthChrg - Discount + RndOffAmt (${arithmetic.toDecimal(withTax).toFixed(2)}), within ${new Dec(INVOICE_VALUE_TOLERANCE).toFixed(2)}`,
      values.TotInvVal,
      '2189',
    );
  }
}

function sumItems<V>(arithmetic: ExactArithmetic<V>, items: readonly ItemAmounts<V>[]): ItemAmounts<V> {
  const { plus, zero } = arithmetic;
  const sums: ItemAmounts<V> = {
    assessable: zero,
    igst: zero,
    cgst: zero,
    sgst: zero,
    cess: zero,
    stateCess: zero,
  };
  for (const item of items) {
    sums.assessable = plus(sums.assessable, item.assessable);
    sums.igst = plus(sums.igst, item.igst);
    sums.cgst = plus(sums.cgst, item.cgst);
    sums.sgst = plus(sums.sgst, item.sgst);
    sums.cess = plus(sums.cess, item.cess);
    sums.stateCess = plus(sums.stateCess, item.stateCess);
  }
  return sums;
}

function checkSum<V>(
  context: RuleContext<V>,
  field: keyof NicValDtls,
  stated: V,
  itemSum: V,
  rule: string,
  nicCode?: string,
): void {
  if (context.arithmetic.compare(stated, itemSum) !== 0) {
    context.fail(
      `ValDtls.${field}`,
      rule,
      `${field} must equal the sum of the items (${context.arithmetic.toDecimal(itemSum).toFixed(2)})`,
      context.payload.ValDtls[field],
      nicCode,
    );
  }
}
