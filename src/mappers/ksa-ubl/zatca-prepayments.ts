/**
 * Advance payments deducted on a final invoice (KSA-26..KSA-34, BR-KSA-73..80). Each VAT category of each
 * prepayment invoice becomes a prepayment line: quantity, price, net amount and line VAT all zero
 * (BR-KSA-82), a cac:DocumentReference to the prepayment invoice (type 386, BR-KSA-74) and, in its
 * cac:TaxTotal, the prepayment's taxable amount and VAT in that category (BR-KSA-75). The prepaid
 * amount (BT-113) is the sum of those taxable amounts and VAT (BR-KSA-80); the document's own VAT
 * breakdown is not reduced (ZATCA's "Advance Payment adjustments" samples).
 */
import {
  type CanonicalInvoice,
  type VatCategory,
  dec,
  type Decimal,
  isDecimalString,
  roundTo,
  sum,
  ZERO,
} from '../../domain';
import { EXEMPTION_REASONS, STANDARD_RATES } from './zatca-codes';

/** UNTDID 1001: prepayment invoice, the only type a prepayment line may refer to (BR-KSA-74). */
export const PREPAYMENT_DOCUMENT_TYPE = '386';
const DEFAULT_DESCRIPTION = 'Prepayment';

export interface ZatcaPrepaymentLine {
  lineNo: number;
  description: string;
  documentNumber: string;
  uuid?: string;
  issueDate: string;
  issueTime: string;
  category: VatCategory;
  rate: Decimal;
  taxable: Decimal;
  tax: Decimal;
  exemptionCode?: string;
  exemptionText?: string;
}

type Add = (path: string, rule: string, message: string, value?: unknown) => void;

export function validatePrepayments(invoice: CanonicalInvoice, add: Add): void {
  const prepayments = invoice.ksa?.prepayments ?? [];
  const stated = invoice.totals.prepaidAmount;
  if (stated !== undefined && !isDecimalString(stated, { maxScale: 2 })) {
    add('totals.prepaidAmount', 'decimal', 'a non-negative amount with at most 2 decimals', stated);
    return;
  }
  if (prepayments.length === 0) {
    if (stated !== undefined && !dec(stated).isZero())
      add(
        'ksa.prepayments',
        'required',
        'a prepaid amount names the prepayment invoice(s) it deducts: number, issue date and time, VAT breakdown (BR-KSA-73)',
      );
    return;
  }
  let total = ZERO;
  prepayments.forEach((prepayment, index) => {
    const path = `ksa.prepayments[${index}]`;
    if (!prepayment.documentNumber.trim())
      add(`${path}.documentNumber`, 'required', 'the prepayment invoice number is required (KSA-26)');
    prepayment.vatBreakdown.forEach((entry, k) => {
      const at = `${path}.vatBreakdown[${k}]`;
      const amounts = [
        ['taxableAmount', entry.taxableAmount],
        ['vatAmount', entry.vatAmount],
      ] as const;
      let readable = isDecimalString(entry.taxRate, { maxScale: 2 });
      if (!readable) add(`${at}.taxRate`, 'decimal', 'a percentage with at most 2 decimals', entry.taxRate);
      for (const [field, value] of amounts) {
        if (isDecimalString(value, { maxScale: 2 })) continue;
        readable = false;
        add(`${at}.${field}`, 'decimal', 'a non-negative amount with at most 2 decimals', value);
      }
      if (!readable) return;
      const rate = dec(entry.taxRate);
      if (entry.vatCategory === 'S' && !STANDARD_RATES.some((allowed) => dec(allowed).equals(rate)))
        add(
          `${at}.taxRate`,
          'ksa.standardRate',
          'the standard rate is 15 or 5 percent (BR-KSA-84)',
          entry.taxRate,
        );
      if (entry.vatCategory !== 'S' && !rate.isZero())
        add(
          `${at}.taxRate`,
          'ksa.zeroRate',
          `a prepayment in category ${entry.vatCategory} has rate 0 (BR-KSA-76..78)`,
          entry.taxRate,
        );
      const expected = roundTo(dec(entry.taxableAmount).times(rate).dividedBy(100), 2);
      if (!expected.equals(dec(entry.vatAmount)))
        add(
          `${at}.vatAmount`,
          'ksa.prepaymentVat',
          `the prepayment VAT is taxable amount x rate / 100 = ${expected.toFixed(2)} (BR-KSA-79)`,
          entry.vatAmount,
        );
      total = total.plus(dec(entry.taxableAmount)).plus(dec(entry.vatAmount));
    });
  });
  if (stated !== undefined && !dec(stated).equals(total))
    add(
      'totals.prepaidAmount',
      'ksa.prepaidAmount',
      `the prepaid amount is the prepayments' taxable amounts plus VAT, ${total.toFixed(2)} (BR-KSA-80)`,
      stated,
    );
}

/** BT-113, from the prepayments (validatePrepayments has checked a stated figure against it). */
export function prepaidAmountOf(invoice: CanonicalInvoice): Decimal {
  const entries = (invoice.ksa?.prepayments ?? []).flatMap((prepayment) => prepayment.vatBreakdown);
  return sum(entries.map((entry) => dec(entry.taxableAmount).plus(dec(entry.vatAmount))));
}

/** The prepayment lines, numbered after the invoice's own lines. */
export function prepaymentLines(invoice: CanonicalInvoice): ZatcaPrepaymentLine[] {
  let lineNo = Math.max(0, ...invoice.lines.map((line) => line.lineNo));
  return (invoice.ksa?.prepayments ?? []).flatMap((prepayment) =>
    prepayment.vatBreakdown.map((entry): ZatcaPrepaymentLine => {
      lineNo += 1;
      const category = entry.vatCategory;
      const code = entry.exemptionReasonCode?.trim();
      return {
        lineNo,
        description: prepayment.description?.trim() || DEFAULT_DESCRIPTION,
        documentNumber: prepayment.documentNumber.trim(),
        ...(prepayment.uuid ? { uuid: prepayment.uuid } : {}),
        issueDate: prepayment.issueDate,
        issueTime: prepayment.issueTime,
        category,
        rate: dec(entry.taxRate),
        taxable: dec(entry.taxableAmount),
        tax: dec(entry.vatAmount),
        ...(category !== 'S' && code
          ? {
              exemptionCode: code,
              exemptionText: entry.exemptionReason?.trim() || EXEMPTION_REASONS[category][code] || code,
            }
          : {}),
      };
    }),
  );
}
