import { type CanonicalInvoice, type InvoiceLine } from '../canonical-invoice';
import { validateCanonicalInvoice } from '../canonical-invoice.validator';
import { dec, roundTo, sum } from '../money';
import { sampleIndiaCreditNote, sampleIndiaInvoice, sampleInterStateInvoice } from './india-invoice.fixture';
import { sampleSaudiInvoice } from './saudi-invoice.fixture';

/** Other engineers' tests rely on these fixtures being arithmetically exact; this proves it. */
function lineTaxes(line: InvoiceLine): string[] {
  return [
    line.igstAmount,
    line.cgstAmount,
    line.sgstAmount,
    line.cessAmount,
    line.stateCessAmount,
    line.vatAmount,
  ];
}

function expectConsistent(invoice: CanonicalInvoice): void {
  for (const line of invoice.lines) {
    expect(dec(String(line.quantity)).times(line.unitPrice).equals(line.grossAmount)).toBe(true);
    expect(dec(line.grossAmount).minus(line.discount).equals(line.taxableValue)).toBe(true);
    const tax = dec(line.taxableValue).times(line.taxRate).dividedBy(100);
    if (dec(line.igstAmount).isZero() && invoice.country === 'IN') {
      expect(roundTo(tax.dividedBy(2), 2).equals(line.cgstAmount)).toBe(true);
      expect(line.sgstAmount).toBe(line.cgstAmount);
    } else {
      expect(roundTo(tax, 2).equals(invoice.country === 'IN' ? line.igstAmount : line.vatAmount)).toBe(true);
    }
    const total = sum([line.taxableValue, ...lineTaxes(line), line.otherCharges]);
    expect(total.equals(line.totalAmount)).toBe(true);
  }
  const { totals, lines } = invoice;
  expect(sum(lines.map((line) => line.taxableValue)).equals(totals.taxableValue)).toBe(true);
  expect(sum(lines.map((line) => line.igstAmount)).equals(totals.igst)).toBe(true);
  expect(sum(lines.map((line) => line.cgstAmount)).equals(totals.cgst)).toBe(true);
  expect(sum(lines.map((line) => line.sgstAmount)).equals(totals.sgst)).toBe(true);
  expect(sum(lines.map((line) => line.vatAmount)).equals(totals.vat)).toBe(true);
  const invoiceTotal = sum([...lines.map((line) => line.totalAmount), totals.roundOff]).minus(
    totals.discount,
  );
  expect(invoiceTotal.equals(totals.invoiceTotal)).toBe(true);
}

describe('sample invoices', () => {
  it.each([
    ['sampleIndiaInvoice', sampleIndiaInvoice()],
    ['sampleInterStateInvoice', sampleInterStateInvoice()],
    ['sampleIndiaCreditNote', sampleIndiaCreditNote()],
    ['sampleSaudiInvoice', sampleSaudiInvoice()],
  ])('%s is valid and arithmetically consistent', (_name, invoice) => {
    expect(validateCanonicalInvoice(invoice).ok).toBe(true);
    expectConsistent(invoice);
  });

  it('intra-state uses CGST + SGST, inter-state IGST, with whole-rupee totals', () => {
    const intra = sampleIndiaInvoice();
    const inter = sampleInterStateInvoice();
    expect(intra.seller.address.stateCode).toBe(intra.buyer.placeOfSupply);
    expect(inter.seller.address.stateCode).not.toBe(inter.buyer.placeOfSupply);
    expect(intra.totals.igst).toBe('0');
    expect(inter.totals.cgst).toBe('0');
    expect(intra.lines.map((line) => line.isService)).toEqual([false, false, true]);
    expect(intra.totals.invoiceTotal).toBe('57823.00');
  });

  it('applies overrides and returns a fresh copy every call', () => {
    const first = sampleIndiaInvoice({ documentNumber: 'T-1' });
    first.lines[0].quantity = '99';
    expect(first.documentNumber).toBe('T-1');
    expect(sampleIndiaInvoice().lines[0].quantity).toBe('2');
    expect(sampleSaudiInvoice({ notes: 'x' }).notes).toBe('x');
  });
});
