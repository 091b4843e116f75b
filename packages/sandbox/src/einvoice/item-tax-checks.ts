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
/**
 * How far a binary difference can stray from the decimal one, relative to the sum of the magnitudes
 * that went into it: each input's decimal reading lies within EPSILON / 2 (relative) of its double,
 * and each operation rounds by as much again. The longest chain here (the given tax against
 * assessable × rate / 100 × share) stays below 3 × EPSILON; 8 leaves room.
 */
const ROUNDING_PER_RUPEE = 8 * Number.EPSILON;

/**
 * Whether a difference computed in binary floating point is beyond the IRP's 1-rupee tolerance, when
 * binary rounding cannot change the answer: `magnitude` is the sum of the absolute values that went
 * into the difference. Undefined when the difference lies too close to one rupee to tell; the caller
 * then decides in decimal, so the answer is always the exact decimal one (decimal.js costs about a
 * microsecond a check, on every item of every invoice).
 */
export function toleranceVerdict(difference: number, magnitude: number): boolean | undefined {
  const roundingBound = magnitude * ROUNDING_PER_RUPEE;
  const distance = Math.abs(difference);
  if (distance > 1 + roundingBound) return true;
  if (distance < 1 - roundingBound) return false;
  return undefined;
}

export function checkItemTaxes(items: JsonObject[], nature: SupplyNature): IrpError[] {
  const errors: IrpError[] = [];
  for (const item of items) addItemTaxErrors(item, nature, errors);
  return errors;
}

function addItemTaxErrors(item: JsonObject, nature: SupplyNature, errors: IrpError[]): void {
  const hsn = textAt(item, 'HsnCd') ?? '';
  const amount = (field: string) => numberAt(item, field) ?? 0;
  const assessable = amount('AssAmt');
  const differs = (field: string, rateField: string, share = 1) => {
    const given = amount(field);
    if (nature.withoutPayment && given === 0) return false;
    return taxBeyondTolerance(given, assessable, amount(rateField), share);
  };

  if (amount('CgstAmt') !== amount('SgstAmt')) errors.push(irpErrorWith('2227', hsn));
  if (nature.isNote) return;
  if (nature.igstCharged) {
    if (differs('IgstAmt', 'GstRt')) errors.push(irpErrorWith('2235', hsn));
  } else if (differs('CgstAmt', 'GstRt', 0.5) || differs('SgstAmt', 'GstRt', 0.5)) {
    errors.push(irpErrorWith('2234', hsn));
  }
  if (differs('CesAmt', 'CesRt')) errors.push(irpErrorWith('2266', hsn));
  if (differs('StateCesAmt', 'StateCesRt')) errors.push(irpErrorWith('2267', hsn));
}

/** |given − assessable × rate / 100 × share| > 1, as decimal arithmetic decides it. */
function taxBeyondTolerance(given: number, assessable: number, rate: number, share: number): boolean {
  const expected = ((assessable * rate) / 100) * share;
  const verdict = toleranceVerdict(given - expected, Math.abs(given) + Math.abs(expected));
  if (verdict !== undefined) return verdict;
  const exactExpected = new Decimal(assessable).times(rate).div(100).times(share);
  return new Decimal(given).minus(exactExpected).abs().greaterThan(TOLERANCE);
}
