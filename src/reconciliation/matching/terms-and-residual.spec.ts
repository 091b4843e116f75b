/**
 * Issue 28: document type and place of supply compared (a pair differing in them is never exact), bills
 * of entry keyed by port and BOE number, and the residual amount-only pass (finding 9).
 */
import { DEFAULT_MATCH_CONFIG } from './match-config';
import type { MatchResult } from './match-result';
import type { RecoDocument } from './reco-document';
import { reconcile } from './reconcile';
import { recoDoc } from './__fixtures__/reco-doc';

const doc = recoDoc;

const row = (r: MatchResult) => [r.category, r.rule, r.bookId ?? null, r.gstr2bId ?? null];

describe('residual amount-only pass (finding 9)', () => {
  it('suggests INV-001 (2B) for 0001 (books): same supplier, date and amounts, no number agreement', () => {
    const results = reconcile([doc('b', '0001')], [doc('g', 'INV-001')], DEFAULT_MATCH_CONFIG);
    expect(results.map(row)).toEqual([['suggested', 'amount-only', 'b', 'g']]);
    expect(results[0].explanation[0]).toBe(
      'numbers "0001" and "INV-001" do not agree, but supplier, invoice and every amount (within Rs 1) do, on the same date, and no other document of this supplier on either side has these amounts: confirm it is the same bill',
    );
    expect(results[0].itcAtStake).toBe('1800.00');
  });

  it('offers nothing when two documents on one side have the amounts (ambiguous)', () => {
    const results = reconcile(
      [doc('b', '0001')],
      [doc('g1', 'INV-001'), doc('g2', 'XYZ-9', { date: '2026-10-07' })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(results.map((r) => r.category).sort()).toEqual([
      'missing-in-2b',
      'missing-in-books',
      'missing-in-books',
    ]);
  });

  it('keeps to the date window and the supplier', () => {
    const far = reconcile(
      [doc('b', '0001')],
      [doc('g', 'INV-001', { date: '2026-12-20' })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(far.map((r) => r.category).sort()).toEqual(['missing-in-2b', 'missing-in-books']);
    const other = reconcile(
      [doc('b', '0001')],
      [doc('g', 'INV-001', { supplierGstin: '27AAACB1234C1Z5' })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(other.map((r) => r.category).sort()).toEqual(['missing-in-2b', 'missing-in-books']);
  });
});

describe('document type compared', () => {
  it('a debit note in the books against an invoice of that number in 2B is a mismatch naming documentType', () => {
    const results = reconcile(
      [doc('b', 'INV-7', { kind: 'DBN' })],
      [doc('g', 'INV-7')],
      DEFAULT_MATCH_CONFIG,
    );
    expect(results.map(row)).toEqual([['mismatch', 'same-invoice-different-values', 'b', 'g']]);
    expect(results[0].differences).toEqual([{ field: 'documentType', books: 'DBN', gstr2b: 'INV' }]);
  });

  it('a credit note booked as an invoice puts both sides of the credit at stake', () => {
    const results = reconcile([doc('b', 'CN-7')], [doc('g', 'CN-7', { kind: 'CRN' })], DEFAULT_MATCH_CONFIG);
    expect(results[0].category).toBe('mismatch');
    expect(results[0].itcAtStake).toBe('3600.00');
  });
});

describe('place of supply compared', () => {
  it('same number, date and amounts but another place of supply is a mismatch, never exact', () => {
    const results = reconcile(
      [doc('b', 'INV-1', { placeOfSupply: '27' })],
      [doc('g', 'INV-1', { placeOfSupply: '29' })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(results.map(row)).toEqual([['mismatch', 'same-invoice-different-values', 'b', 'g']]);
    expect(results[0].differences).toEqual([{ field: 'placeOfSupply', books: '27', gstr2b: '29' }]);
  });

  it('a register that does not state it is not a difference', () => {
    const results = reconcile(
      [doc('b', 'INV-1')],
      [doc('g', 'INV-1', { placeOfSupply: '29' })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(results.map(row)).toEqual([['exact', 'exact', 'b', 'g']]);
  });
});

describe('bills of entry (finding 4)', () => {
  const boe = (id: string, number: string, overrides: Partial<RecoDocument> = {}): RecoDocument =>
    doc(id, number, { kind: 'BOE', supplierGstin: '', portCode: 'INNSA1', cgst: '0.00', ...overrides });

  it('an IMPG bill of entry (no GSTIN) pairs with the booked BOE of that port and number', () => {
    const results = reconcile([boe('b', '7654321')], [boe('g', '7654321')], DEFAULT_MATCH_CONFIG);
    expect(results.map(row)).toEqual([['exact', 'exact', 'b', 'g']]);
    expect(results[0].differences).toEqual([]);
  });

  it('an IMPGSEZ bill of entry pairs though the books name no SEZ GSTIN', () => {
    const results = reconcile(
      [boe('b', '7654321')],
      [boe('g', '7654321', { supplierGstin: '24AAQCA8719H1ZC' })],
      DEFAULT_MATCH_CONFIG,
    );
    expect(results.map(row)).toEqual([['exact', 'exact', 'b', 'g']]);
  });

  it('the same BOE number at another port is a mismatch naming the port', () => {
    const results = reconcile(
      [boe('b', '7654321', { portCode: 'INMAA1' })],
      [boe('g', '7654321')],
      DEFAULT_MATCH_CONFIG,
    );
    expect(results.map(row)).toEqual([['mismatch', 'same-invoice-different-values', 'b', 'g']]);
    expect(results[0].differences).toEqual([{ field: 'portCode', books: 'INMAA1', gstr2b: 'INNSA1' }]);
  });

  it('a register without port codes still pairs its bills of entry by BOE number', () => {
    const results = reconcile(
      [boe('b', '7654321', { portCode: undefined })],
      [boe('g', '7654321')],
      DEFAULT_MATCH_CONFIG,
    );
    expect(results.map(row)).toEqual([['exact', 'exact', 'b', 'g']]);
  });

  it('differing IGST is a mismatch of the bill of entry', () => {
    const results = reconcile(
      [boe('b', '7654321', { igst: '1700.00' })],
      [boe('g', '7654321')],
      DEFAULT_MATCH_CONFIG,
    );
    expect(results.map(row)).toEqual([['mismatch', 'same-invoice-different-values', 'b', 'g']]);
    expect(results[0].itcAtStake).toBe('100.00');
  });
});
