/**
 * The IRP's checks of each item's tax amounts: CGST and SGST equal (2227), and every tax equal to its
 * rate times the assessable amount within the IRP's 1-rupee tolerance: CGST and SGST half the GST rate
 * each (2234), IGST the whole (2235), cess (2266) and state cess (2267) their own rates. Credit and
 * debit notes are not checked against the rate; supplies without payment may carry no tax at all.
 */
import Decimal from 'decimal.js';
import { irpErrorWith, type IrpError } from './irp-errors';
import { numberAt, textAt, type JsonObject } from './json-access';
import type { SupplyNature } from './supply-nature';

const TOLERANCE = new Decimal(1);

export function checkItemTaxes(items: JsonObject[], nature: SupplyNature): IrpError[] {
  return items.flatMap((item) => itemTaxErrors(item, nature));
}

function itemTaxErrors(item: JsonObject, nature: SupplyNature): IrpError[] {
  const errors: IrpError[] = [];
  const hsn = textAt(item, 'HsnCd') ?? '';
  const amount = (field: string) => new Decimal(numberAt(item, field) ?? 0);
  const assessable = amount('AssAmt');
  const byRate = (rateField: string, share = 1) => assessable.times(amount(rateField)).div(100).times(share);
  const differs = (field: string, expected: Decimal) => {
    const given = amount(field);
    if (nature.withoutPayment && given.isZero()) return false;
    return given.minus(expected).abs().greaterThan(TOLERANCE);
  };

  if (!amount('CgstAmt').equals(amount('SgstAmt'))) errors.push(irpErrorWith('2227', hsn));
  if (nature.isNote) return errors;
  if (nature.igstCharged) {
    if (differs('IgstAmt', byRate('GstRt'))) errors.push(irpErrorWith('2235', hsn));
  } else if (differs('CgstAmt', byRate('GstRt', 0.5)) || differs('SgstAmt', byRate('GstRt', 0.5))) {
    errors.push(irpErrorWith('2234', hsn));
  }
  if (differs('CesAmt', byRate('CesRt'))) errors.push(irpErrorWith('2266', hsn));
  if (differs('StateCesAmt', byRate('StateCesRt'))) errors.push(irpErrorWith('2267', hsn));
  return errors;
}
