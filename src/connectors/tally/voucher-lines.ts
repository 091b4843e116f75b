/**
 * Reads the supply lines and the voucher-level ledgers of a voucher without double counting: item invoices
 * carry items in ALLINVENTORYENTRIES.LIST (the sales ledger nested in ACCOUNTINGALLOCATIONS.LIST), and
 * Tally repeats the sales ledger, with INVENTORYALLOCATIONS.LIST, in ALLLEDGERENTRIES.LIST: ledger lines
 * that carry inventory are items, never counted twice. Amounts are signed (negative = debit); `sign`
 * turns the supply side positive (-1 for credit notes, which debit sales).
 */
import { fixed, FixedPoint, rounded } from '../../domain/decimal';
import { fieldError, type FieldError, isServiceCode, normaliseUnit } from '../../domain';
import { gstHeadOf, isRoundOff, isSupplyLedger, type GstHead } from './ledger-classifier';
import { applicableOn, type GstDetails, type MasterIndex } from './tally-masters';
import {
  isNoValue,
  parseTallyAmount,
  parseTallyQuantity,
  parseTallyRate,
  quantityInRateUnit,
} from './tally-values';
import { childText, childrenNamed, firstChild, type TallyNode } from './xml/tally-node';

export interface DraftLine {
  path: string;
  description: string;
  hsnCode?: string;
  isService: boolean;
  quantity: FixedPoint;
  unit: string;
  unitPrice: FixedPoint;
  grossAmount: FixedPoint;
  discount: FixedPoint;
  taxableValue: FixedPoint;
  /** GST rate from the item or ledger master; undefined when Tally does not say. */
  taxRate?: FixedPoint;
  cessRate?: FixedPoint;
}

export interface VoucherLedgers {
  /** List the ledgers came from, for error paths. */
  listPath: string;
  partyTotal?: FixedPoint;
  taxes: Record<GstHead, FixedPoint>;
  roundOff: FixedPoint;
  documentDiscount: FixedPoint;
  charges: { description: string; amount: FixedPoint }[];
}

export interface ReadContext {
  date: string | undefined;
  partyLedger: string;
  sign: 1 | -1;
  masters: MasterIndex;
  errors: FieldError[];
  warnings: FieldError[];
}

interface LedgerEntry {
  node: TallyNode;
  path: string;
}

/** The voucher-level ledger list: ALLLEDGERENTRIES.LIST when present, else LEDGERENTRIES.LIST. */
function ledgerEntries(voucher: TallyNode): { entries: LedgerEntry[]; listPath: string } {
  for (const list of ['ALLLEDGERENTRIES', 'LEDGERENTRIES']) {
    const nodes = childrenNamed(voucher, `${list}.LIST`).filter(
      (node) => childText(node, 'LEDGERNAME') !== '',
    );
    if (nodes.length > 0) {
      return {
        entries: nodes.map((node, index) => ({ node, path: `voucher.${list}[${index}]` })),
        listPath: `voucher.${list}`,
      };
    }
  }
  return { entries: [], listPath: 'voucher.LEDGERENTRIES' };
}

/** Decimals are immutable: the value itself when the sign or the absolute value changes nothing. */
function signed(value: FixedPoint, sign: 1 | -1): FixedPoint {
  return sign === 1 ? value : value.negated();
}

function absolute(value: FixedPoint): FixedPoint {
  return value.isNegative() ? value.negated() : value;
}

function amountAt(node: TallyNode, path: string, ctx: ReadContext): FixedPoint | undefined {
  const text = childText(node, 'AMOUNT');
  const amount = parseTallyAmount(text);
  if (!amount)
    ctx.errors.push(fieldError(`${path}.AMOUNT`, 'decimal', 'amount is missing or not a number', text));
  return amount;
}

function gstOf(details: GstDetails | undefined): { hsn?: string; rate?: FixedPoint; cessRate?: FixedPoint } {
  return { hsn: details?.hsn || undefined, rate: details?.rate, cessRate: details?.cessRate };
}

/** A line's quantity in the unit its rate is priced in, the rate, and the discount percentage. */
interface Pricing {
  quantity?: FixedPoint;
  unit: string;
  rate?: FixedPoint;
  discountPercent: FixedPoint;
  /** What was read, for messages. */
  quantityText: string;
  rateText: string;
}

/**
 * Quantity, rate and discount of an item line. Either may be empty or "Not Applicable"; a rate needs a
 * quantity in its unit (main or alternate); anything unreadable is a field error with its path.
 */
function readPricing(node: TallyNode, path: string, ctx: ReadContext): Pricing | undefined {
  const billed = childText(node, 'BILLEDQTY');
  const qtyField = billed !== '' ? 'BILLEDQTY' : 'ACTUALQTY';
  const quantityText = billed !== '' ? billed : childText(node, 'ACTUALQTY');
  const rateText = childText(node, 'RATE');
  const discountText = childText(node, 'DISCOUNT');
  const noQuantity = isNoValue(quantityText);
  const noRate = isNoValue(rateText);
  const quantity = noQuantity ? undefined : parseTallyQuantity(quantityText);
  const rate = noRate ? undefined : parseTallyRate(rateText);
  const discount = isNoValue(discountText) ? FixedPoint.ZERO : parseTallyAmount(discountText);
  const errorsBefore = ctx.errors.length;
  if (!quantity && !noQuantity)
    ctx.errors.push(fieldError(`${path}.${qtyField}`, 'quantity', 'quantity is unreadable', quantityText));
  if (!rate && !noRate) ctx.errors.push(fieldError(`${path}.RATE`, 'rate', 'rate is unreadable', rateText));
  if (!discount)
    ctx.errors.push(fieldError(`${path}.DISCOUNT`, 'discount', 'discount is unreadable', discountText));
  if (rate && !quantity && noQuantity)
    ctx.errors.push(
      fieldError(`${path}.${qtyField}`, 'quantity.required', 'the line has a rate but no quantity', rateText),
    );
  const side = quantity && rate ? quantityInRateUnit(quantity, rate.unit) : quantity;
  if (quantity && rate && !side) {
    const units = [quantity.unit, quantity.alternate?.unit].filter(Boolean).join(' or ');
    ctx.errors.push(
      fieldError(
        `${path}.RATE`,
        'rate.unit',
        `rate is per "${rate.unit}" but the quantity "${quantityText}" is in ${units || 'no unit'}`,
        rateText,
      ),
    );
  }
  if (ctx.errors.length > errorsBefore || !discount) return undefined;
  return {
    quantity: side?.value,
    unit: side?.unit || rate?.unit || '',
    rate: rate?.value,
    discountPercent: discount,
    quantityText,
    rateText,
  };
}

/** Largest difference between quantity x rate less discount and the line's amount: Tally's rounding. */
const LINE_TOLERANCE = FixedPoint.of('0.01');
const HUNDRED = FixedPoint.of(100);

/**
 * Unit price, gross and discount of an item line. The line's value is quantity x rate less the discount
 * percentage; where that is not the amount Tally booked, the booked amount wins (price derived from it,
 * no discount invented) and the difference is a field error on the line's AMOUNT.
 */
function lineValue(
  priced: Pricing,
  taxableValue: FixedPoint,
  path: string,
  ctx: ReadContext,
): { qty: FixedPoint; unitPrice: FixedPoint; gross: FixedPoint; discount: FixedPoint } {
  const qty = priced.quantity ? absolute(priced.quantity) : FixedPoint.ZERO;
  // The price derived from the booked amount: a division, so only where the rate is not used.
  const booked = () => ({
    qty,
    unitPrice: qty.isZero() ? taxableValue : taxableValue.dividedBy(qty),
    gross: taxableValue,
    discount: FixedPoint.ZERO,
  });
  if (!priced.rate) return booked();
  const unitPrice = absolute(priced.rate);
  const gross = rounded(qty.times(unitPrice), 2);
  const expected = priced.discountPercent.isZero()
    ? gross
    : rounded(qty.times(unitPrice).times(HUNDRED.minus(priced.discountPercent)).dividedBy(HUNDRED), 2);
  const difference = expected.minus(taxableValue);
  if (difference.abs().greaterThan(LINE_TOLERANCE)) {
    // The issue's rule: the booked amount wins, and the difference is a field error that holds the voucher
    // (registering either figure at the IRP would report a value the books or the line do not support).
    ctx.errors.push(
      fieldError(
        `${path}.AMOUNT`,
        'line.value',
        `quantity x rate less discount (${priced.quantityText.trim()} at ${priced.rateText}` +
          `${priced.discountPercent.isZero() ? '' : ` less ${priced.discountPercent.toString()}%`}) is ` +
          `${fixed(expected, 2)} but Tally booked ${fixed(taxableValue, 2)} (difference ${fixed(difference, 2)}); ` +
          'correct the quantity, rate or discount of the line in Tally',
        fixed(taxableValue, 2),
      ),
    );
    return booked();
  }
  const discount = gross.greaterThan(taxableValue) ? gross.minus(taxableValue) : FixedPoint.ZERO;
  return { qty, unitPrice, gross: discount.isZero() ? taxableValue : gross, discount };
}

function readItem(
  node: TallyNode,
  path: string,
  ctx: ReadContext,
  ledgerName: string,
): DraftLine | undefined {
  const name = childText(node, 'STOCKITEMNAME');
  const item = ctx.masters.stockItem(name);
  const allocation = firstChild(node, 'ACCOUNTINGALLOCATIONS.LIST');
  const salesLedger = ctx.masters.ledger(childText(allocation ?? node, 'LEDGERNAME') || ledgerName);
  const itemGst = gstOf(item ? applicableOn(item.gst, ctx.date) : undefined);
  const ledgerGst = gstOf(salesLedger ? applicableOn(salesLedger.gst, ctx.date) : undefined);

  const amount = amountAt(node, path, ctx);
  const priced = readPricing(node, path, ctx);
  if (!amount || !priced) return undefined;

  const taxableValue = signed(amount, ctx.sign);
  if (taxableValue.isNegative()) {
    ctx.errors.push(
      fieldError(
        `${path}.AMOUNT`,
        'sign',
        'line amount has the opposite sign of the voucher',
        amount.toString(),
      ),
    );
    return undefined;
  }
  const { qty, unitPrice, gross, discount } = lineValue(priced, taxableValue, path, ctx);

  const unitText = priced.unit || item?.baseUnits || '';
  let unit = normaliseUnit(unitText);
  if (!unit) {
    ctx.warnings.push(
      fieldError(`${path}.BILLEDQTY`, 'unit.unknown', 'unit is not a UQC; sent as OTH', unitText),
    );
    unit = 'OTH';
  }
  const hsnCode = childText(node, 'GSTHSNNAME') || childText(node, 'HSNCODE') || itemGst.hsn || ledgerGst.hsn;
  if (!hsnCode)
    ctx.errors.push(
      fieldError(`${path}.STOCKITEMNAME`, 'hsn.required', `no HSN for stock item "${name}"`, name),
    );
  return {
    path,
    description: item?.description || name,
    hsnCode,
    isService: hsnCode ? isServiceCode(hsnCode) : false,
    quantity: qty,
    unit,
    unitPrice,
    grossAmount: gross,
    discount,
    taxableValue,
    taxRate: itemGst.rate ?? ledgerGst.rate,
    cessRate: itemGst.cessRate ?? ledgerGst.cessRate,
  };
}

function readLedgerLine(
  entry: LedgerEntry,
  value: FixedPoint,
  hsn: string | undefined,
  ctx: ReadContext,
): DraftLine {
  const name = childText(entry.node, 'LEDGERNAME');
  const master = ctx.masters.ledger(name);
  const gst = gstOf(master ? applicableOn(master.gst, ctx.date) : undefined);
  if (!hsn)
    ctx.errors.push(
      fieldError(`${entry.path}.LEDGERNAME`, 'hsn.required', `no HSN/SAC for ledger "${name}"`, name),
    );
  return {
    path: entry.path,
    description: name,
    hsnCode: hsn,
    isService: hsn ? isServiceCode(hsn) : true,
    quantity: FixedPoint.ONE,
    unit: 'OTH',
    unitPrice: value,
    grossAmount: value,
    discount: FixedPoint.ZERO,
    taxableValue: value,
    taxRate: gst.rate,
    cessRate: gst.cessRate,
  };
}

export function readVoucherLines(
  voucher: TallyNode,
  ctx: ReadContext,
): { lines: DraftLine[]; ledgers: VoucherLedgers } {
  const lines: DraftLine[] = [];
  const inventory = [
    ...childrenNamed(voucher, 'ALLINVENTORYENTRIES.LIST'),
    ...childrenNamed(voucher, 'INVENTORYENTRIES.LIST'),
  ];
  inventory.forEach((node, index) => {
    const line = readItem(node, `voucher.ALLINVENTORYENTRIES[${index}]`, ctx, '');
    if (line) lines.push(line);
  });

  const { entries, listPath } = ledgerEntries(voucher);
  const ledgers: VoucherLedgers = {
    listPath,
    taxes: {
      igst: FixedPoint.ZERO,
      cgst: FixedPoint.ZERO,
      sgst: FixedPoint.ZERO,
      cess: FixedPoint.ZERO,
      stateCess: FixedPoint.ZERO,
    },
    roundOff: FixedPoint.ZERO,
    documentDiscount: FixedPoint.ZERO,
    charges: [],
  };
  for (const entry of entries) {
    const name = childText(entry.node, 'LEDGERNAME');
    const nestedItems = childrenNamed(entry.node, 'INVENTORYALLOCATIONS.LIST');
    if (nestedItems.length > 0) {
      // Items repeated under their sales ledger: counted from ALLINVENTORYENTRIES when the voucher has them.
      if (inventory.length === 0) {
        nestedItems.forEach((node, index) => {
          const line = readItem(node, `${entry.path}.INVENTORYALLOCATIONS[${index}]`, ctx, name);
          if (line) lines.push(line);
        });
      }
      continue;
    }
    const amount = amountAt(entry.node, entry.path, ctx);
    if (!amount) continue;
    const value = signed(amount, ctx.sign);
    const master = ctx.masters.ledger(name);
    if (
      name.toLowerCase() === ctx.partyLedger.toLowerCase() ||
      childText(entry.node, 'ISPARTYLEDGER') === 'Yes'
    ) {
      ledgers.partyTotal = (ledgers.partyTotal ?? FixedPoint.ZERO).plus(value.negated());
      continue;
    }
    const head = gstHeadOf(name, master);
    if (head) {
      ledgers.taxes[head] = ledgers.taxes[head].plus(value);
    } else if (isRoundOff(name)) {
      ledgers.roundOff = ledgers.roundOff.plus(value);
    } else if (value.isNegative()) {
      ledgers.documentDiscount = ledgers.documentDiscount.plus(value.negated());
    } else {
      const hsn =
        childText(entry.node, 'GSTHSNNAME') ||
        (master ? applicableOn(master.gst, ctx.date)?.hsn : undefined) ||
        undefined;
      if (isSupplyLedger(master, hsn !== undefined) || inventory.length === 0) {
        lines.push(readLedgerLine(entry, value, hsn, ctx));
      } else {
        ledgers.charges.push({ description: name, amount: value });
      }
    }
  }
  return { lines, ledgers };
}
