/**
 * Fills amounts a CSV leaves out, with decimal maths and NIC's rounding (2 places, half-up): gross from
 * quantity × price, taxable value from gross − discount, the tax split from the rate, line and document
 * totals from their parts. Amounts the CSV states are kept as stated (the validator checks consistency).
 */
import { isServiceCode, dec, sum, toFixed, type Decimal } from '../../domain';
import type { DeriveOptions } from './csv-profile';

/** A line or document under construction: field name → decimal string (or other values). */
export type DraftRecord = Record<string, unknown>;

function text(record: DraftRecord, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function amounts(record: DraftRecord, keys: readonly string[]): Decimal {
  return sum(keys.map((key) => text(record, key) ?? '0'));
}

function money(value: Decimal): string {
  return toFixed(value, 2);
}

/**
 * Whether tax is IGST: seller and place of supply in different states, an SEZ or export supply, or IGST
 * charged on an intra-state supply. State codes fall back to the first two characters of the GSTINs.
 */
export function isInterState(document: DraftRecord): boolean {
  if (document.igstOnIntra === true) return true;
  const supplyType = typeof document.supplyType === 'string' ? document.supplyType : 'B2B';
  if (supplyType !== 'B2B' && supplyType !== 'B2C') return true;
  const seller = (document.seller ?? {}) as DraftRecord;
  const buyer = (document.buyer ?? {}) as DraftRecord;
  const sellerAddress = (seller.address ?? {}) as DraftRecord;
  const buyerAddress = (buyer.address ?? {}) as DraftRecord;
  const sellerState = text(sellerAddress, 'stateCode') ?? text(seller, 'gstin')?.slice(0, 2);
  const placeOfSupply =
    text(buyer, 'placeOfSupply') ?? text(buyerAddress, 'stateCode') ?? text(buyer, 'gstin')?.slice(0, 2);
  return sellerState !== undefined && placeOfSupply !== undefined && sellerState !== placeOfSupply;
}

/** A line is a service when its code is a SAC (chapter 99), unless the CSV says otherwise. */
export function deriveServiceFlag(line: DraftRecord): void {
  const code = text(line, 'hsnCode');
  if (code !== undefined) line.isService ??= isServiceCode(code);
}

/**
 * Amounts a line may leave out, as "0". Set by name rather than in a loop over their names: adding many
 * properties by computed key turns the line into a slow dictionary-mode object for everything read after.
 */
function defaultOptionalAmounts(line: DraftRecord): void {
  line.discount ??= '0';
  line.cessRate ??= '0';
  line.cessAmount ??= '0';
  line.cessNonAdvolAmount ??= '0';
  line.stateCessRate ??= '0';
  line.stateCessAmount ??= '0';
  line.stateCessNonAdvolAmount ??= '0';
  line.otherCharges ??= '0';
}

export function deriveLineAmounts(line: DraftRecord, interState: boolean, options: DeriveOptions): void {
  defaultOptionalAmounts(line);
  const quantity = text(line, 'quantity');
  const unitPrice = text(line, 'unitPrice');
  if (options.grossAmount && !text(line, 'grossAmount') && quantity && unitPrice) {
    line.grossAmount = money(dec(quantity).times(dec(unitPrice)));
  }
  const gross = text(line, 'grossAmount');
  if (options.taxableValue && !text(line, 'taxableValue') && gross) {
    line.taxableValue = money(dec(gross).minus(dec(text(line, 'discount') ?? '0')));
  }
  const taxable = text(line, 'taxableValue');
  const rate = text(line, 'taxRate');
  const noTaxStated = !text(line, 'igstAmount') && !text(line, 'cgstAmount') && !text(line, 'sgstAmount');
  if (options.taxSplit && noTaxStated && taxable && rate) {
    const tax = dec(taxable).times(dec(rate)).dividedBy(100);
    if (interState) {
      line.igstAmount = money(tax);
    } else {
      const half = money(tax.dividedBy(2));
      line.cgstAmount = half;
      line.sgstAmount = half;
    }
  }
  line.igstAmount ??= '0';
  line.cgstAmount ??= '0';
  line.sgstAmount ??= '0';
  line.vatAmount ??= '0';
  if (options.lineTotal && !text(line, 'totalAmount') && taxable) {
    line.totalAmount = money(
      amounts(line, [
        'taxableValue',
        'igstAmount',
        'cgstAmount',
        'sgstAmount',
        'cessAmount',
        'cessNonAdvolAmount',
        'stateCessAmount',
        'stateCessNonAdvolAmount',
        'otherCharges',
      ]),
    );
  }
}

/** Address state codes taken from the GSTIN (its first two digits) when the CSV states none. */
export function deriveStateCodes(document: DraftRecord): void {
  for (const role of ['seller', 'buyer'] as const) {
    const party = document[role] as DraftRecord | undefined;
    const gstin = party ? text(party, 'gstin') : undefined;
    if (!party || !gstin || !/^\d{2}/.test(gstin)) continue;
    const address = (party.address ?? {}) as DraftRecord;
    party.address = address;
    address.stateCode ??= gstin.slice(0, 2);
  }
}

/** Document totals the CSV does not state, summed from the lines. */
export function deriveTotals(
  document: DraftRecord,
  lines: readonly DraftRecord[],
  options: DeriveOptions,
): void {
  const totals = (document.totals ?? {}) as DraftRecord;
  document.totals = totals;
  document.documentDiscount ??= '0';
  if (!options.totals) return;
  const sumOf = (keys: readonly string[]): string => money(sum(lines.map((line) => amounts(line, keys))));
  totals.taxableValue ??= sumOf(['taxableValue']);
  totals.igst ??= sumOf(['igstAmount']);
  totals.cgst ??= sumOf(['cgstAmount']);
  totals.sgst ??= sumOf(['sgstAmount']);
  totals.cess ??= sumOf(['cessAmount', 'cessNonAdvolAmount']);
  totals.stateCess ??= sumOf(['stateCessAmount', 'stateCessNonAdvolAmount']);
  totals.vat ??= '0';
  totals.discount ??= document.documentDiscount;
  totals.otherCharges ??= '0';
  totals.roundOff ??= '0';
  totals.invoiceTotal ??= money(
    dec(sumOf(['totalAmount']))
      .minus(dec(String(totals.discount)))
      .plus(dec(String(totals.otherCharges)))
      .plus(dec(String(totals.roundOff))),
  );
}
