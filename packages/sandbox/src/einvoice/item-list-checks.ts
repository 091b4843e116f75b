/**
 * The IRP's checks across the whole item list, made in one pass over the items: serial numbers unique
 * (2233), each item's total (2194), each ValDtls total equal to the sum over the items (2182-2187) and
 * the invoice total (2189), all within the IRP's 1-rupee tolerance.
 *
 * NIC's validation list defines CesVal as the sum of CesAmt + CesNonAdvlAmt and StCesVal as the sum of
 * StateCesAmt + StateCesNonAdvlAmt. Schema v1.1 has no separate non-ad-valorem total, so NIC's 2188
 * (non-ad-valorem cess sum) has nothing to compare: a non-ad-valorem amount left out of CesVal is 2186.
 */
import { irpError, irpErrorWith, type IrpError } from './irp-errors';
import { numberAt, objectAt, textAt, type JsonObject } from './json-access';
import type { SupplyNature } from './supply-nature';

const TOLERANCE = 1;
/**
 * Sums are plain numbers, not Decimal (about 0.3 µs an addition, on every item of every invoice):
 * binary rounding stays far below a micro-rupee, so differences are compared with that much slack.
 */
const BINARY_SLACK = 1e-6;

interface ItemSums {
  assessable: number;
  cgst: number;
  sgst: number;
  igst: number;
  cess: number;
  stateCess: number;
  itemValues: number;
}

/** ValDtls totals that must equal a sum over the items, in the order the IRP's codes run. */
const TOTALS_OF_ITEMS: readonly { code: string; total: string; sum: keyof ItemSums }[] = [
  { code: '2182', total: 'AssVal', sum: 'assessable' },
  { code: '2183', total: 'SgstVal', sum: 'sgst' },
  { code: '2184', total: 'CgstVal', sum: 'cgst' },
  { code: '2185', total: 'IgstVal', sum: 'igst' },
  { code: '2186', total: 'CesVal', sum: 'cess' },
  { code: '2187', total: 'StCesVal', sum: 'stateCess' },
];

export function checkItemList(body: JsonObject, nature: SupplyNature): IrpError[] {
  const items = body.ItemList as JsonObject[];
  const itemErrors: IrpError[] = [];
  const serials = new Set<string>();
  let duplicateSerial = false;
  const sums: ItemSums = { assessable: 0, cgst: 0, sgst: 0, igst: 0, cess: 0, stateCess: 0, itemValues: 0 };
  for (const item of items) {
    const serial = textAt(item, 'SlNo') ?? '';
    if (serials.has(serial)) duplicateSerial = true;
    serials.add(serial);

    const amount = (field: string) => numberAt(item, field) ?? 0;
    const assessable = amount('AssAmt');
    const cgst = amount('CgstAmt');
    const sgst = amount('SgstAmt');
    const igst = amount('IgstAmt');
    const cess = amount('CesAmt') + amount('CesNonAdvlAmt');
    const stateCess = amount('StateCesAmt') + amount('StateCesNonAdvlAmt');
    const withoutTax = assessable + amount('OthChrg');
    const withTax = withoutTax + cgst + sgst + igst + cess + stateCess;
    const stated = amount('TotItemVal');
    if (
      beyondTolerance(stated, withTax) &&
      !(nature.itemTotalMayExcludeTax && !beyondTolerance(stated, withoutTax))
    ) {
      itemErrors.push(irpErrorWith('2194', textAt(item, 'HsnCd') ?? ''));
    }

    sums.assessable += assessable;
    sums.cgst += cgst;
    sums.sgst += sgst;
    sums.igst += igst;
    sums.cess += cess;
    sums.stateCess += stateCess;
    sums.itemValues += stated;
  }
  const serialErrors = duplicateSerial ? [irpError('2233')] : [];
  return [...serialErrors, ...itemErrors, ...totalsErrors(objectAt(body, 'ValDtls'), sums)];
}

function totalsErrors(values: JsonObject | undefined, sums: ItemSums): IrpError[] {
  const total = (field: string) => numberAt(values, field) ?? 0;
  const errors = TOTALS_OF_ITEMS.filter((check) => beyondTolerance(total(check.total), sums[check.sum])).map(
    (check) => irpError(check.code),
  );
  const adjustments = total('OthChrg') - total('Discount') + total('RndOffAmt');
  const fromTotals =
    total('AssVal') +
    total('CgstVal') +
    total('SgstVal') +
    total('IgstVal') +
    total('CesVal') +
    total('StCesVal') +
    adjustments;
  const fromItems = sums.itemValues + adjustments;
  const stated = total('TotInvVal');
  if (beyondTolerance(stated, fromTotals) && beyondTolerance(stated, fromItems)) {
    errors.push(irpError('2189', `expected ${fromTotals.toFixed(2)}, got ${stated.toFixed(2)}`));
  }
  return errors;
}

function beyondTolerance(stated: number, computed: number): boolean {
  return Math.abs(stated - computed) > TOLERANCE + BINARY_SLACK;
}
