import { sampleSaudiInvoice } from './__fixtures__';
import { validateCanonicalInvoice } from './canonical-invoice.validator';

type Json = Record<string, unknown>;

const saudi = (overrides: Json = {}): Json => ({
  ...(JSON.parse(JSON.stringify(sampleSaudiInvoice())) as Json),
  ...overrides,
});

const errorsOf = (input: unknown) => {
  const outcome = validateCanonicalInvoice(input);
  return outcome.ok ? [] : outcome.errors.map((error) => `${error.path}:${error.rule}`);
};

describe('reading KSA invoices', () => {
  it('accepts a simplified invoice without a buyer, and reads it as a nameless one', () => {
    const { buyer: _buyer, ...tillSale } = saudi({
      supplyType: 'B2C',
      ksa: { invoiceKind: 'simplified', issueTime: '08:30:00' },
    });
    const outcome = validateCanonicalInvoice(tillSale);
    expect(outcome.ok && outcome.value.buyer).toEqual({
      legalName: '',
      address: { line1: '', city: '', countryCode: '' },
    });
  });

  it('still requires the buyer of a standard invoice', () => {
    const { buyer: _buyer, ...noBuyer } = saudi();
    expect(errorsOf(noBuyer)).toEqual(['buyer:required']);
  });

  it('reads document-level allowances with their reason code', () => {
    const outcome = validateCanonicalInvoice(
      saudi({ allowances: [{ description: 'Special rebate', amount: '100.00', reasonCode: '100' }] }),
    );
    expect(outcome.ok && outcome.value.allowances).toEqual([
      { description: 'Special rebate', amount: '100.00', reasonCode: '100' },
    ]);
  });

  it('reads the prepayments a final invoice deducts, with field paths for what is wrong', () => {
    const prepayment = {
      documentNumber: 'ADV-1',
      issueDate: '2024-08-15',
      issueTime: '12:28:17',
      vatBreakdown: [{ vatCategory: 'S', taxRate: '15', taxableAmount: '1000.00', vatAmount: '150.00' }],
    };
    const ksa = sampleSaudiInvoice().ksa!;
    const outcome = validateCanonicalInvoice(saudi({ ksa: { ...ksa, prepayments: [prepayment] } }));
    expect(outcome.ok && outcome.value.ksa?.prepayments).toEqual([prepayment]);
    expect(
      errorsOf(
        saudi({
          ksa: {
            ...ksa,
            prepayments: [{ ...prepayment, issueTime: '12:28', vatBreakdown: [], paidBy: 'card' }],
          },
        }),
      ),
    ).toEqual([
      expect.stringMatching(/^ksa\.prepayments\[0\]/),
      'ksa.prepayments[0].vatBreakdown:required',
      'ksa.prepayments[0].issueTime:time.format',
    ]);
  });
});
