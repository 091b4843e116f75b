/**
 * The figures of a ZATCA invoice, recomputed from quantities, prices and rates (ERP totals are only
 * compared, never copied). Rounding, as EN16931 and the BR-KSA rules expect it, all half-up to 2 places:
 *
 * 1. Line net amount (BT-131) = round(quantity x unit price) - round(line discount). ZATCA's
 *    BR-KSA-EN16931-11 recomputes this (to within 0.01).
 * 2. Line VAT (KSA-11) = round(line net x rate / 100); line amount with VAT (KSA-12) = net + VAT (BR-KSA-51).
 * 3. Per VAT category and rate (BG-23): taxable amount = sum of line nets + document charges - document
 *    allowances of that category (exact, already 2 places); category VAT = round(taxable x rate / 100)
 *    (BR-CO-17). Category VAT is computed once on the sum, not summed from rounded line VAT, so a
 *    halala of difference against the sum of KSA-11 is expected and allowed.
 * 4. Document totals are sums of already-rounded figures: LineExtensionAmount = sum of line nets,
 *    TaxExclusiveAmount = LineExtension - allowances + charges, TaxAmount = sum of category VAT,
 *    TaxInclusiveAmount = TaxExclusive + TaxAmount, PayableAmount = TaxInclusive - prepaid + rounding.
 * 5. VAT in SAR (BT-111) for a foreign-currency invoice: the ERP's figure when given, else
 *    round(TaxAmount x exchange rate).
 */
import {
  type CanonicalInvoice,
  type DocumentCharge,
  type VatCategory,
  fieldError,
  type FieldError,
  dec,
  type Decimal,
  roundTo,
  sum,
  ZERO,
} from '../../domain';
import {
  DISCOUNT_REASON_CODE,
  EXEMPTION_REASONS,
  SAUDI_RIYAL,
  UNSPECIFIED_CHARGE_REASON_CODE,
} from './zatca-codes';
import { lineCategory } from './zatca-invoice-validation';
import { prepaidAmountOf, prepaymentLines, type ZatcaPrepaymentLine } from './zatca-prepayments';

export interface TaxCategoryRef {
  category: VatCategory;
  rate: Decimal;
}

export interface ZatcaLineAmounts extends TaxCategoryRef {
  lineNo: number;
  quantity: Decimal;
  unitPrice: Decimal;
  discount: Decimal;
  net: Decimal;
  vat: Decimal;
  withVat: Decimal;
}

export interface ZatcaAllowanceCharge extends TaxCategoryRef {
  charge: boolean;
  /** Absent on an allowance the ERP gave a reason only (BR-33 wants one of them). */
  reasonCode?: string;
  reason: string;
  amount: Decimal;
}

export interface ZatcaTaxBreakdown extends TaxCategoryRef {
  taxable: Decimal;
  tax: Decimal;
  exemptionCode?: string;
  exemptionText?: string;
}

export interface ZatcaTotals {
  lineExtension: Decimal;
  allowanceTotal: Decimal;
  chargeTotal: Decimal;
  taxExclusive: Decimal;
  taxTotal: Decimal;
  /** BT-111: VAT total in SAR. */
  taxTotalSar: Decimal;
  taxInclusive: Decimal;
  prepaid: Decimal;
  payableRounding: Decimal;
  payable: Decimal;
}

export interface ZatcaAmounts {
  lines: ZatcaLineAmounts[];
  /** After the invoice's own lines: one per VAT category of each deducted prepayment. */
  prepaymentLines: ZatcaPrepaymentLine[];
  allowanceCharges: ZatcaAllowanceCharge[];
  breakdown: ZatcaTaxBreakdown[];
  totals: ZatcaTotals;
  /** Differences against the ERP's own figures, reported as warnings. */
  warnings: FieldError[];
}

const round2 = (value: Decimal) => roundTo(value, 2);

/** Assumes validateForZatca passed. */
export function computeZatcaAmounts(invoice: CanonicalInvoice): ZatcaAmounts | { errors: FieldError[] } {
  const lines = invoice.lines.map((line): ZatcaLineAmounts => {
    const quantity = dec(line.quantity ?? ''); // validateForZatca requires it
    const unitPrice = dec(line.unitPrice);
    const discount = round2(dec(line.discount));
    const net = round2(quantity.times(unitPrice)).minus(discount);
    const rate = dec(line.taxRate);
    const vat = round2(net.times(rate).dividedBy(100));
    return {
      lineNo: line.lineNo,
      quantity,
      unitPrice,
      discount,
      net,
      vat,
      withVat: net.plus(vat),
      category: lineCategory(line)!,
      rate,
    };
  });
  const errors = lines
    .map((line, index) =>
      line.net.isNegative()
        ? fieldError(
            `lines[${index}].discount`,
            'ksa.negativeLine',
            'the discount exceeds the line amount (BR-KSA-F-04)',
          )
        : undefined,
    )
    .filter((error): error is FieldError => error !== undefined);
  if (errors.length > 0) return { errors };

  const uniform: TaxCategoryRef = { category: lines[0].category, rate: lines[0].rate };
  const allowanceCharges = documentAllowanceCharges(invoice, uniform);
  const breakdown = taxBreakdown(invoice, lines, allowanceCharges);

  const lineExtension = sum(lines.map((line) => line.net));
  const allowanceTotal = sum(allowanceCharges.filter((entry) => !entry.charge).map((entry) => entry.amount));
  const chargeTotal = sum(allowanceCharges.filter((entry) => entry.charge).map((entry) => entry.amount));
  const taxExclusive = lineExtension.minus(allowanceTotal).plus(chargeTotal);
  const taxTotal = sum(breakdown.map((entry) => entry.tax));
  const taxInclusive = taxExclusive.plus(taxTotal);
  const prepaid = prepaidAmountOf(invoice);
  const payableRounding = round2(dec(invoice.totals.roundOff || '0'));
  const totals: ZatcaTotals = {
    lineExtension,
    allowanceTotal,
    chargeTotal,
    taxExclusive,
    taxTotal,
    taxTotalSar: vatInSar(invoice, taxTotal),
    taxInclusive,
    prepaid,
    payableRounding,
    payable: taxInclusive.minus(prepaid).plus(payableRounding),
  };
  if (totals.taxExclusive.isNegative()) {
    return {
      errors: [fieldError('documentDiscount', 'ksa.negativeTotal', 'allowances exceed the invoice amount')],
    };
  }
  return {
    lines,
    prepaymentLines: prepaymentLines(invoice),
    allowanceCharges,
    breakdown,
    totals,
    warnings: compareWithErp(invoice, totals),
  };
}

function documentAllowanceCharges(
  invoice: CanonicalInvoice,
  uniform: TaxCategoryRef,
): ZatcaAllowanceCharge[] {
  const entries: ZatcaAllowanceCharge[] = [];
  const discount = round2(dec(invoice.documentDiscount));
  if (!discount.isZero()) {
    entries.push({
      charge: false,
      reasonCode: DISCOUNT_REASON_CODE,
      reason: 'Discount',
      amount: discount,
      ...uniform,
    });
  }
  for (const allowance of invoice.allowances ?? []) {
    const amount = round2(dec(allowance.amount));
    if (amount.isZero()) continue;
    entries.push({
      charge: false,
      reasonCode: allowance.reasonCode?.trim() || undefined,
      reason: allowance.description.trim(),
      amount,
      ...taxOf(allowance, uniform),
    });
  }
  for (const charge of invoice.charges) {
    const amount = round2(dec(charge.amount));
    if (amount.isZero()) continue;
    entries.push({
      charge: true,
      reasonCode: charge.reasonCode?.trim() || UNSPECIFIED_CHARGE_REASON_CODE,
      reason: charge.description,
      amount,
      ...taxOf(charge, uniform),
    });
  }
  return entries;
}

function taxOf(entry: DocumentCharge, uniform: TaxCategoryRef): TaxCategoryRef {
  return entry.vatCategory && entry.taxRate
    ? { category: entry.vatCategory, rate: dec(entry.taxRate) }
    : uniform;
}

function taxBreakdown(
  invoice: CanonicalInvoice,
  lines: ZatcaLineAmounts[],
  allowanceCharges: ZatcaAllowanceCharge[],
): ZatcaTaxBreakdown[] {
  const groups = new Map<string, ZatcaTaxBreakdown>();
  const group = (ref: TaxCategoryRef): ZatcaTaxBreakdown => {
    const key = `${ref.category}/${ref.rate.toString()}`;
    let entry = groups.get(key);
    if (!entry) {
      entry = { category: ref.category, rate: ref.rate, taxable: ZERO, tax: ZERO };
      groups.set(key, entry);
    }
    return entry;
  };
  lines.forEach((line, index) => {
    const entry = group(line);
    entry.taxable = entry.taxable.plus(line.net);
    const source = invoice.lines[index];
    if (line.category !== 'S' && !entry.exemptionCode && source.exemptionReasonCode) {
      entry.exemptionCode = source.exemptionReasonCode;
      entry.exemptionText =
        source.exemptionReason?.trim() ||
        EXEMPTION_REASONS[line.category][source.exemptionReasonCode] ||
        source.exemptionReasonCode;
    }
  });
  for (const entry of allowanceCharges) {
    const target = group(entry);
    target.taxable = entry.charge ? target.taxable.plus(entry.amount) : target.taxable.minus(entry.amount);
  }
  for (const entry of groups.values()) {
    entry.tax = round2(entry.taxable.times(entry.rate).dividedBy(100));
    if (entry.category !== 'S' && !entry.exemptionCode) {
      // A zero-rated/exempt charge on an invoice whose lines are all standard-rated: the first code of the
      // category keeps the breakdown complete (BR-KSA-23/24/69); such charges are rare and validated upstream.
      const [code, text] = Object.entries(EXEMPTION_REASONS[entry.category])[0];
      entry.exemptionCode = code;
      entry.exemptionText = text;
    }
  }
  return [...groups.values()];
}

function vatInSar(invoice: CanonicalInvoice, taxTotal: Decimal): Decimal {
  if (invoice.currency === SAUDI_RIYAL) return taxTotal;
  if (invoice.totals.vatInAccountingCurrency) return round2(dec(invoice.totals.vatInAccountingCurrency));
  return round2(taxTotal.times(dec(invoice.exchangeRate ?? '0')));
}

function compareWithErp(invoice: CanonicalInvoice, totals: ZatcaTotals): FieldError[] {
  const warnings: FieldError[] = [];
  const compare = (path: string, stated: string | undefined, computed: Decimal) => {
    if (stated === undefined || stated === '' || !/^-?\d+(\.\d+)?$/.test(stated)) return;
    if (!dec(stated).equals(computed)) {
      warnings.push(
        fieldError(
          path,
          'ksa.totalRecomputed',
          `the ERP states ${stated}; ZATCA figures give ${computed.toFixed(2)}`,
          stated,
        ),
      );
    }
  };
  compare('totals.vat', invoice.totals.vat, totals.taxTotal);
  // The invoice total before advances are deducted: the ERP states what was paid as prepaidAmount.
  compare('totals.invoiceTotal', invoice.totals.invoiceTotal, totals.payable.plus(totals.prepaid));
  return warnings;
}
