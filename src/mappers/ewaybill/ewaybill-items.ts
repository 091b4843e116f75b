/**
 * The e-way bill's item list: one item per goods line, or, when there are more than the 250 items the
 * portal takes, one per HSN, unit and rate (quantities and taxable values summed as decimals).
 */
import { type CanonicalInvoice, type InvoiceLine, dec, sum, toFixed, type Decimal } from '../../domain';
import type { NicEwaybillItemV103 } from './nic-ewaybill-v1.03.types';

export const EWAYBILL_ITEM_LIMIT = 250;

export interface GoodsLine {
  /** Index of the line in `invoice.lines`, for field paths. */
  index: number;
  line: InvoiceLine;
}

/** How the line's tax is split: IGST (inter-state) or CGST + SGST halves. */
export function isInterState(invoice: CanonicalInvoice, line: InvoiceLine): boolean {
  if (!dec(line.igstAmount).isZero()) return true;
  if (!dec(line.cgstAmount).isZero() || !dec(line.sgstAmount).isZero()) return false;
  if (invoice.igstOnIntra) return true;
  const from = invoice.seller.address.stateCode;
  const to = invoice.buyer.placeOfSupply ?? invoice.buyer.address.stateCode;
  return from === undefined || to === undefined || from !== to;
}

interface ItemDraft {
  productName: string;
  productDesc?: string;
  hsnCode: string;
  quantity?: Decimal;
  qtyUnit?: string;
  taxable: Decimal;
  interState: boolean;
  rate: Decimal;
  cessRate: Decimal;
  cessNonAdvol: Decimal;
}

function draftOf(invoice: CanonicalInvoice, line: InvoiceLine): ItemDraft {
  return {
    productName: line.description.slice(0, 100),
    hsnCode: line.hsnCode ?? '',
    quantity: line.quantity !== undefined ? dec(line.quantity) : undefined,
    qtyUnit: line.unit,
    taxable: dec(line.taxableValue),
    interState: isInterState(invoice, line),
    rate: dec(line.taxRate),
    cessRate: dec(line.cessRate),
    cessNonAdvol: dec(line.cessNonAdvolAmount),
  };
}

function groupKey(draft: ItemDraft): string {
  return [
    draft.hsnCode,
    draft.qtyUnit ?? '',
    draft.rate.toString(),
    draft.interState,
    draft.cessRate.toString(),
  ].join('|');
}

/** One item per goods line; grouped by HSN, unit and rate when there are more than EWAYBILL_ITEM_LIMIT. */
export function ewaybillItems(invoice: CanonicalInvoice, goods: readonly GoodsLine[]): NicEwaybillItemV103[] {
  const drafts = goods.map(({ line }) => draftOf(invoice, line));
  const items = drafts.length > EWAYBILL_ITEM_LIMIT ? grouped(drafts) : drafts;
  return items.map((draft, index) => toItem(draft, index + 1));
}

function grouped(drafts: readonly ItemDraft[]): ItemDraft[] {
  const groups = new Map<string, ItemDraft[]>();
  for (const draft of drafts) {
    const key = groupKey(draft);
    const list = groups.get(key);
    if (list) list.push(draft);
    else groups.set(key, [draft]);
  }
  return [...groups.values()].map((members) => {
    const first = members[0];
    const quantities = members.map((member) => member.quantity);
    return {
      ...first,
      productName:
        members.length === 1 ? first.productName : `HSN ${first.hsnCode} (${members.length} lines)`,
      productDesc: members.length === 1 ? first.productDesc : first.productName,
      quantity: quantities.every((q) => q !== undefined) ? sum(quantities) : undefined,
      taxable: sum(members.map((member) => member.taxable)),
      cessNonAdvol: sum(members.map((member) => member.cessNonAdvol)),
    };
  });
}

function toItem(draft: ItemDraft, itemNo: number): NicEwaybillItemV103 {
  const half = draft.rate.dividedBy(2);
  const item: NicEwaybillItemV103 = {
    itemNo,
    productName: draft.productName,
    hsnCode: draft.hsnCode,
    quantity: Number(toFixed(draft.quantity ?? 0, 3)),
    taxableAmount: Number(toFixed(draft.taxable, 2)),
    cgstRate: draft.interState ? 0 : Number(toFixed(half, 3)),
    sgstRate: draft.interState ? 0 : Number(toFixed(half, 3)),
    igstRate: draft.interState ? Number(toFixed(draft.rate, 3)) : 0,
    cessRate: Number(toFixed(draft.cessRate, 3)),
    cessNonAdvol: Number(toFixed(draft.cessNonAdvol, 2)),
  };
  if (draft.productDesc) item.productDesc = draft.productDesc.slice(0, 100);
  if (draft.qtyUnit) item.qtyUnit = draft.qtyUnit;
  return item;
}

/** The HSN carrying the largest taxable value. */
export function mainHsnCode(items: readonly NicEwaybillItemV103[]): string {
  let best: NicEwaybillItemV103 | undefined;
  for (const item of items) if (!best || item.taxableAmount > best.taxableAmount) best = item;
  return best?.hsnCode ?? '';
}
