import { DEFAULT_MATCH_CONFIG } from './match-config';
import type { RecoDocument } from './reco-document';
import { reconcile } from './reconcile';

const ISD = '29AABCI1234K1ZM';
const REGULAR = '29AABCR6898M1ZN';

function doc(id: string, overrides: Partial<RecoDocument>): RecoDocument {
  return {
    id,
    supplierGstin: ISD,
    kind: 'INV',
    number: 'ISD-101',
    date: '2026-10-05',
    taxableValue: '0',
    igst: '1800.00',
    cgst: '0.00',
    sgst: '0.00',
    cess: '0.00',
    ...overrides,
  };
}

const categoryOf = (results: ReturnType<typeof reconcile>, bookId: string): string | undefined =>
  results.find((r) => r.bookId === bookId)?.category;

describe('ISD credit against ISD invoices in the books', () => {
  it('pairs an ISD invoice of 2B with the invoice booked from that ISD, taxable value aside', () => {
    const results = reconcile(
      [doc('b-isd', { taxableValue: '10000.00' })],
      [doc('g-isd', { kind: 'ISDI' })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(results).toEqual([
      expect.objectContaining({
        category: 'exact',
        bookId: 'b-isd',
        gstr2bId: 'g-isd',
        differences: [],
        itcAtStake: '0.00',
        explanation: expect.arrayContaining([expect.stringMatching(/ISD document paired with the invoice/)]),
      }),
    ]);
  });

  it('pairs an ISD credit note with a credit note and names a tax difference as a mismatch', () => {
    const results = reconcile(
      [doc('b-isdc', { kind: 'CRN', number: 'ISDC-7', igst: '-500.00' })],
      [doc('g-isdc', { kind: 'ISDC', number: 'ISDC-7', igst: '450.00' })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(results).toEqual([
      expect.objectContaining({
        category: 'mismatch',
        gstr2bId: 'g-isdc',
        differences: [{ field: 'igst', books: '500.00', gstr2b: '450.00' }],
        itcAtStake: '50.00',
      }),
    ]);
  });

  it("keeps an ISD document apart from a regular supplier's invoice of the same number", () => {
    const results = reconcile(
      [doc('b-regular', { supplierGstin: REGULAR })],
      [doc('g-isd', { kind: 'ISDI' })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(categoryOf(results, 'b-regular')).toBe('missing-in-2b');
    expect(results.find((r) => r.gstr2bId === 'g-isd')?.category).toBe('missing-in-books');
  });
});
