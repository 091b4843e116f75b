/**
 * When a document needs an e-way bill (CGST Rule 138): goods (HSN not in chapter 99) moving with a
 * consignment value over the threshold (Rs 50,000, or the state's own), leaving out exempt goods. The
 * consignment value is the goods' taxable value plus their taxes (Rule 138(1) explanation 2).
 */
import {
  type CanonicalInvoice,
  type InvoiceLine,
  type TransportDetails,
  isServiceCode,
  dec,
  sum,
  toFixed,
  type Decimal,
} from '../../domain';
import { DEFAULT_EWAYBILL_THRESHOLD, type EwaybillRules } from './ewaybill-settings';

export interface EwaybillApplicability {
  needed: boolean;
  /** Rupees, 2 places. */
  consignmentValue: string;
  threshold: string;
  /** Why no bill is needed, or why one is. */
  reason: string;
}

/** A line of goods that the e-way bill covers: not a service, not exempt. */
export function isEwaybillGoodsLine(line: InvoiceLine, rules: EwaybillRules): boolean {
  const hsn = line.hsnCode ?? '';
  if (line.isService || isServiceCode(hsn)) return false;
  return !(rules.exemptHsnPrefixes ?? []).some((prefix) => prefix !== '' && hsn.startsWith(prefix));
}

/** Where the goods start from: the dispatch place, else the seller. */
export function originStateCode(invoice: CanonicalInvoice): string | undefined {
  return invoice.dispatchFrom?.address.stateCode ?? invoice.seller.address.stateCode;
}

export function consignmentValue(invoice: CanonicalInvoice, rules: EwaybillRules): Decimal {
  return sum(
    invoice.lines
      .filter((line) => isEwaybillGoodsLine(line, rules))
      .flatMap((line) => [
        line.taxableValue,
        line.igstAmount,
        line.cgstAmount,
        line.sgstAmount,
        line.cessAmount,
        line.cessNonAdvolAmount,
        line.stateCessAmount,
        line.stateCessNonAdvolAmount,
      ]),
  );
}

export function thresholdFor(invoice: CanonicalInvoice, rules: EwaybillRules): Decimal {
  const state = originStateCode(invoice);
  const own = state !== undefined ? rules.stateThresholds?.[state] : undefined;
  return dec(own ?? rules.threshold ?? DEFAULT_EWAYBILL_THRESHOLD);
}

/** The document's transport details, else the configured default; undefined when neither exists. */
export function transportOf(invoice: CanonicalInvoice, rules: EwaybillRules): TransportDetails | undefined {
  if (invoice.transport && Object.keys(invoice.transport).length > 0) {
    return rules.defaultTransport ? { ...rules.defaultTransport, ...invoice.transport } : invoice.transport;
  }
  return rules.defaultTransport;
}

export function ewaybillApplicability(
  invoice: CanonicalInvoice,
  rules: EwaybillRules,
): EwaybillApplicability {
  const threshold = thresholdFor(invoice, rules);
  const answer = (needed: boolean, value: Decimal, reason: string): EwaybillApplicability => ({
    needed,
    consignmentValue: toFixed(value, 2),
    threshold: toFixed(threshold, 2),
    reason,
  });
  if (invoice.country !== 'IN') return answer(false, dec(0), 'not an Indian document');
  if (!(rules.documentTypes ?? ['INV']).includes(invoice.documentType)) {
    return answer(false, dec(0), `a ${invoice.documentType} document moves no goods of its own`);
  }
  if (!invoice.lines.some((line) => isEwaybillGoodsLine(line, rules))) {
    return answer(false, dec(0), 'no goods that need an e-way bill (services or exempt goods only)');
  }
  const value = consignmentValue(invoice, rules);
  if (!value.greaterThan(threshold)) {
    return answer(
      false,
      value,
      `consignment value ${toFixed(value, 2)} does not exceed ${toFixed(threshold, 2)}`,
    );
  }
  if ((rules.movement ?? 'always') === 'when-transport-given' && !transportOf(invoice, rules)) {
    return answer(false, value, 'no movement: the document has no transport details and none is configured');
  }
  return answer(true, value, `goods of ${toFixed(value, 2)} over ${toFixed(threshold, 2)}`);
}
