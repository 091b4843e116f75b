/**
 * The webhook's documented body is generated from the CanonicalInvoice interfaces
 * (scripts/canonical-invoice-schema.ts): the committed schemas must be what the script writes today, and
 * must accept the sample invoices as a sender writes them (defaulted fields left out).
 */
import { canonicalInvoiceSchemas } from '../../scripts/canonical-invoice-schema';
import { CANONICAL_INVOICE_SCHEMAS } from '../../src/domain';

interface Schema {
  required?: string[];
  properties?: Record<string, unknown>;
}

describe('canonical invoice schemas (generated)', () => {
  it('are up to date with canonical-invoice.ts (run scripts/canonical-invoice-schema.ts after changing it)', () => {
    expect(CANONICAL_INVOICE_SCHEMAS).toEqual(canonicalInvoiceSchemas());
  });

  it('require what the validator requires, not the fields it defaults', () => {
    const invoice = CANONICAL_INVOICE_SCHEMAS.CanonicalInvoice as Schema;
    expect(invoice.required).toEqual(
      expect.arrayContaining([
        'country',
        'documentType',
        'documentNumber',
        'documentDate',
        'seller',
        'lines',
      ]),
    );
    for (const defaulted of ['reverseCharge', 'igstOnIntra', 'currency', 'charges', 'documentDiscount'])
      expect(invoice.required).not.toContain(defaulted);
    expect(Object.keys(invoice.properties ?? {})).toContain('ksa');
  });
});
