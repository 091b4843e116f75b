/**
 * Tally posts GST to voucher-level duty ledgers; the canonical invoice needs it per line. Each line's tax is
 * its taxable value at its GST rate (from the item or ledger master, or the one rate the voucher implies),
 * split CGST/SGST or IGST as the ledgers were; the rounding difference against the ledgers (what Tally
 * posted, and what the buyer owes) goes to the largest line taxed under that head. A larger difference is a field error.
 */
import { FixedPoint, rounded, sumOf } from '../../domain/decimal';
import { fieldError, type FieldError, GST_RATES } from '../../domain';
import type { GstHead } from './ledger-classifier';
import type { DraftLine } from './voucher-lines';

export interface LineTax {
  taxRate: FixedPoint;
  igst: FixedPoint;
  cgst: FixedPoint;
  sgst: FixedPoint;
  cessRate: FixedPoint;
  cess: FixedPoint;
  stateCess: FixedPoint;
}

/** Most rounding difference absorbed per duty head before it is reported. */
const TOLERANCE = FixedPoint.ONE;
const SLABS = GST_RATES.map((text) => FixedPoint.of(text));
const ZERO = FixedPoint.ZERO;

function impliedRate(lines: DraftLine[], taxes: Record<GstHead, FixedPoint>): FixedPoint | undefined {
  const taxable = sumOf(lines.map((line) => line.taxableValue));
  if (taxable.isZero()) return undefined;
  const tax = taxes.igst.plus(taxes.cgst).plus(taxes.sgst);
  const rate = tax.times(100).dividedBy(taxable);
  const slab = SLABS.find((candidate) => candidate.minus(rate).abs().lessThan('0.05'));
  return slab;
}

function spread(total: FixedPoint, lines: DraftLine[]): FixedPoint[] {
  const taxable = sumOf(lines.map((line) => line.taxableValue));
  if (taxable.isZero()) return lines.map(() => ZERO);
  return lines.map((line) => rounded(total.times(line.taxableValue).dividedBy(taxable), 2));
}

export function attributeGst(
  lines: DraftLine[],
  taxes: Record<GstHead, FixedPoint>,
  listPath: string,
  errors: FieldError[],
): LineTax[] {
  const interState = !taxes.igst.isZero();
  const intraState = !taxes.cgst.isZero() || !taxes.sgst.isZero();
  if (interState && intraState) {
    errors.push(fieldError(listPath, 'gst.mixed', 'voucher has both IGST and CGST/SGST ledgers'));
    return [];
  }
  const anyTax = interState || intraState;
  const fallback = anyTax && lines.some((line) => !line.taxRate) ? impliedRate(lines, taxes) : undefined;
  const result: LineTax[] = lines.map((line) => {
    let rate = line.taxRate ?? (anyTax ? fallback : ZERO);
    if (!rate) {
      errors.push(
        fieldError(
          line.path,
          'gst.rate.unknown',
          'no GST rate on the item/ledger and the voucher implies none',
        ),
      );
      rate = ZERO;
    }
    if (!anyTax && !rate.isZero()) rate = ZERO;
    const tax = rate.isZero() ? ZERO : line.taxableValue.times(rate);
    const half = intraState && !tax.isZero() ? rounded(tax.dividedBy(200), 2) : ZERO;
    return {
      taxRate: rate,
      igst: interState && !tax.isZero() ? rounded(tax.dividedBy(100), 2) : ZERO,
      cgst: half,
      sgst: half,
      cessRate: line.cessRate ?? ZERO,
      cess: line.cessRate ? rounded(line.taxableValue.times(line.cessRate).dividedBy(100), 2) : ZERO,
      stateCess: ZERO,
    };
  });
  if (result.length === 0) return result;

  if (!taxes.cess.isZero() && result.every((tax) => tax.cess.isZero())) {
    spread(taxes.cess, lines).forEach((cess, index) => (result[index].cess = cess));
  }
  if (!taxes.stateCess.isZero())
    spread(taxes.stateCess, lines).forEach((cess, index) => (result[index].stateCess = cess));

  for (const head of ['igst', 'cgst', 'sgst', 'cess', 'stateCess'] as const) {
    const computed = sumOf(result.map((tax) => tax[head]));
    const difference = computed.isZero() ? taxes[head] : taxes[head].minus(computed);
    if (difference.isZero()) continue;
    if (difference.abs().greaterThan(TOLERANCE)) {
      errors.push(
        fieldError(
          listPath,
          'gst.mismatch',
          `${head.toUpperCase()} ledgers total ${taxes[head].toFixed(2)} but the lines at their GST rates give ${computed.toFixed(2)}`,
        ),
      );
      continue;
    }
    // The largest line taxed under this head: a nil-rated line never takes a rounding difference.
    const largest = largestLine(lines, (index) => !result[index][head].isZero());
    result[largest][head] = result[largest][head].plus(difference);
  }
  return result;
}

/** Index of the line with the largest taxable value among those `eligible` (all lines when none is). */
function largestLine(lines: readonly DraftLine[], eligible: (index: number) => boolean): number {
  let best = -1;
  lines.forEach((line, index) => {
    if (eligible(index) && (best < 0 || line.taxableValue.greaterThan(lines[best].taxableValue)))
      best = index;
  });
  if (best >= 0) return best;
  return lines.reduce(
    (largest, line, index) => (line.taxableValue.greaterThan(lines[largest].taxableValue) ? index : largest),
    0,
  );
}
