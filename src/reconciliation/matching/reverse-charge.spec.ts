/**
 * Issue 28, finding 8: who pays the tax is compared. A 2B document under reverse charge (`rev` Y) against
 * a forward-charge booking of the same bill is a mismatch naming reverseCharge, never exact or suggested.
 */
import { DEFAULT_MATCH_CONFIG } from './match-config';
import type { RecoDocument } from './reco-document';
import { reconcile } from './reconcile';

const SUPPLIER = '29AABCR6898M1ZN';

function doc(id: string, overrides: Partial<RecoDocument> = {}): RecoDocument {
  return {
    id,
    supplierGstin: SUPPLIER,
    kind: 'INV',
    number: 'RCM-17',
    date: '2026-10-05',
    taxableValue: '50000.00',
    igst: '9000.00',
    cgst: '0.00',
    sgst: '0.00',
    cess: '0.00',
    ...overrides,
  };
}

describe('reverse charge', () => {
  it('makes a 2B rev Y document against a forward-charge booking a mismatch, naming who pays', () => {
    const [result] = reconcile(
      [doc('book', { reverseCharge: false })],
      [doc('2b', { reverseCharge: true })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(result).toMatchObject({ category: 'mismatch', bookId: 'book', gstr2bId: '2b' });
    expect(result.differences).toEqual([{ field: 'reverseCharge', books: 'forward', gstr2b: 'reverse' }]);
    expect(result.explanation.join(' ')).toMatch(/2B says the tax is reverse charge/);
  });

  it('reads a booking that does not say as forward charge', () => {
    const [result] = reconcile([doc('book')], [doc('2b', { reverseCharge: true })], DEFAULT_MATCH_CONFIG);
    expect(result.category).toBe('mismatch');
  });

  it('does not suggest a reverse-charge pair by a variant number either', () => {
    const results = reconcile(
      [doc('book', { number: 'RCM/0017' })],
      [doc('2b', { number: 'RCM-17', reverseCharge: true })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(results.map((r) => r.category)).not.toContain('suggested');
    expect(results.map((r) => r.category)).not.toContain('exact');
  });

  it('keeps a pair booked under reverse charge on both sides exact', () => {
    const [result] = reconcile(
      [doc('book', { reverseCharge: true })],
      [doc('2b', { reverseCharge: true })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(result.category).toBe('exact');
  });
});
