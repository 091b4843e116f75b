import { Dec } from '../../../domain';
import { type ExactArithmetic, exactConstant } from '../../../domain/decimal';
import { type NicValDtls } from '../nic-einvoice-v1.1.types';
import { type ItemAmounts } from './item.rules';
import { type RuleContext } from './rule-context';

/** The IRP accepts a total invoice value within one rupee of its computed value (2189). */
export const INVOICE_VALUE_TOLERANCE = '1';

/**
 * ValDtls against the items: each sum must equal the sum of the item values (the mapper guarantees it
 * to the paisa, so no tolerance), and TotInvVal must be the sum of its parts within the IRP's rupee.
 * Ranges (no negative amounts, the round-off within +/-99.99) are NIC's schema limits, checked with
 * the other limits (field-limits.rules.ts).
 */
export function checkTotals<V>(context: RuleContext<V>, items: readonly ItemAmounts<V>[]): void {
  const values = context.payload.ValDtls;
  const arithmetic = context.arithmetic;
  const { fromWire, plus } = arithmetic;
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
  checkInvoiceValue(
    context,
    sums.itemValue,
    assessable,
    plus(plus(plus(plus(cgst, sgst), igst), cess), stateCess),
  );
}

/**
 * The IRP's 2189 check: TotInvVal is the items' TotItemVal (which hold the line-level other charges)
 * plus the invoice-level OthChrg, less the invoice-level Discount, plus RndOffAmt, within one rupee.
 * The form in NIC's validation list, AssVal + taxes + OthChrg - Discount + RndOffAmt, is accepted too (the
 * two differ only when lines carry other charges), and so is a total without tax where items may exclude it.
 */
function checkInvoiceValue<V>(context: RuleContext<V>, itemValues: V, assessable: V, taxes: V): void {
  const values = context.payload.ValDtls;
  const arithmetic = context.arithmetic;
  const { fromWire, plus, minus } = arithmetic;
  const adjustments = plus(
    minus(fromWire(values.OthChrg), fromWire(values.Discount)),
    fromWire(values.RndOffAmt),
  );
  const viaItems = plus(itemValues, adjustments);
  const beforeTax = plus(assessable, adjustments);
  const withTax = plus(beforeTax, taxes);
  const invoiceValue = fromWire(values.TotInvVal);
  const tolerance = exactConstant(arithmetic, INVOICE_VALUE_TOLERANCE);
  const matches =
    arithmetic.isWithin(invoiceValue, viaItems, tolerance) ||
    arithmetic.isWithin(invoiceValue, withTax, tolerance) ||
    (context.taxMayBeExcluded && arithmetic.isWithin(invoiceValue, beforeTax, tolerance));
  if (!matches) {
    const expected = arithmetic.toDecimal(viaItems).toFixed(2);
    const fromParts = arithmetic.toDecimal(withTax).toFixed(2);
    const orFromParts =
      fromParts === expected
        ? ''
        : ` or AssVal + taxes + cess + OthChrg - Discount + RndOffAmt (${fromParts})`;
    context.fail(
      'ValDtls.TotInvVal',
      'irn.total.invoiceValue',
      `TotInvVal must be the sum of TotItemVal + OthChrg - Discount + RndOffAmt (${expected})${orFromParts}, within ${new Dec(INVOICE_VALUE_TOLERANCE).toFixed(2)}`,
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
    itemValue: zero,
  };
  for (const item of items) {
    sums.assessable = plus(sums.assessable, item.assessable);
    sums.igst = plus(sums.igst, item.igst);
    sums.cgst = plus(sums.cgst, item.cgst);
    sums.sgst = plus(sums.sgst, item.sgst);
    sums.cess = plus(sums.cess, item.cess);
    sums.stateCess = plus(sums.stateCess, item.stateCess);
    sums.itemValue = plus(sums.itemValue, item.itemValue);
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
