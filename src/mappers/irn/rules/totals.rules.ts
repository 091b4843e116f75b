import { Dec, type Decimal, ZERO } from '../../../domain/money';
import { type NicValDtls } from '../nic-einvoice-v1.1.types';
import { plus } from '../decimal-sums';
import { fromWireNumber } from '../wire-number';
import { type ItemAmounts } from './item.rules';
import { type RuleContext, within } from './rule-context';

/** The IRP accepts a total invoice value within one rupee of its computed value (2189). */
export const INVOICE_VALUE_TOLERANCE = new Dec(1);
export const ROUND_OFF_LIMIT = new Dec('99.99');

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
export function checkTotals(context: RuleContext, items: readonly ItemAmounts[]): void {
  const values = context.payload.ValDtls;
  for (const field of VALUE_FIELDS) {
    const value = values[field];
    if (value !== undefined && value < 0) {
      context.fail(`ValDtls.${field}`, 'irn.amount.negative', 'NIC amounts are not negative', value);
    }
  }
  const sums = sumItems(items);
  const assessable = fromWireNumber(values.AssVal);
  checkSum(context, 'AssVal', assessable, sums.assessable, 'irn.total.assessableValue', '2182');
  const cgst = fromWireNumber(values.CgstVal);
  const sgst = fromWireNumber(values.SgstVal);
  const igst = fromWireNumber(values.IgstVal);
  const cess = fromWireNumber(values.CesVal);
  const stateCess = fromWireNumber(values.StCesVal);
  checkSum(context, 'CgstVal', cgst, sums.cgst, 'irn.total.taxValue');
  checkSum(context, 'SgstVal', sgst, sums.sgst, 'irn.total.taxValue');
  checkSum(context, 'IgstVal', igst, sums.igst, 'irn.total.taxValue');
  checkSum(context, 'CesVal', cess, sums.cess, 'irn.total.taxValue');
  checkSum(context, 'StCesVal', stateCess, sums.stateCess, 'irn.total.taxValue');

  const roundOff = fromWireNumber(values.RndOffAmt);
  if (roundOff.abs().gt(ROUND_OFF_LIMIT)) {
    context.fail(
      'ValDtls.RndOffAmt',
      'irn.total.roundOff',
      'the round-off lies between -99.99 and 99.99',
      values.RndOffAmt,
    );
  }
  const beforeTax = assessable
    .plus(fromWireNumber(values.OthChrg))
    .minus(fromWireNumber(values.Discount))
    .plus(roundOff);
  const withTax = beforeTax.plus(cgst).plus(sgst).plus(igst).plus(cess).plus(stateCess);
  const invoiceValue = fromWireNumber(values.TotInvVal);
  const matches =
    within(invoiceValue, withTax, INVOICE_VALUE_TOLERANCE) ||
    (context.taxMayBeExcluded && within(invoiceValue, beforeTax, INVOICE_VALUE_TOLERANCE));
  if (!matches) {
    context.fail(
      'ValDtls.TotInvVal',
      'irn.total.invoiceValue',
      `TotInvVal must be AssVal + taxes + cess + OthChrg - Discount + RndOffAmt (${withTax.toFixed(2)}), within ${INVOICE_VALUE_TOLERANCE.toFixed(2)}`,
      values.TotInvVal,
      '2189',
    );
  }
}

function sumItems(items: readonly ItemAmounts[]): ItemAmounts {
  const sums: ItemAmounts = {
    assessable: ZERO,
    igst: ZERO,
    cgst: ZERO,
    sgst: ZERO,
    cess: ZERO,
    stateCess: ZERO,
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

function checkSum(
  context: RuleContext,
  field: keyof NicValDtls,
  stated: Decimal,
  itemSum: Decimal,
  rule: string,
  nicCode?: string,
): void {
  if (!stated.eq(itemSum)) {
    context.fail(
      `ValDtls.${field}`,
      rule,
      `${field} must equal the sum of the items (${itemSum.toFixed(2)})`,
      context.payload.ValDtls[field],
      nicCode,
    );
  }
}
