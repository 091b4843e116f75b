import { DEFAULT_MATCH_CONFIG } from './match-config';
import type { MatchResult } from './match-result';
import { reconcile } from './reconcile';
import { assertEveryRowReported, RowAccountingError } from './row-accounting';
import { recoDoc } from './__fixtures__/reco-doc';

const A = '29AABCR6898M1ZN';

const doc = recoDoc;

const books = [doc('b1', 'INV-1'), doc('b2', 'INV-2'), doc('b3', 'INV-3'), doc('b3-twin', 'INV-3')];
const gstr2b = [doc('g1', 'INV-1'), doc('g2', 'INV-2', { igst: '1900.00' }), doc('g4', 'INV-4')];

function expectProblem(results: MatchResult[], text: string): void {
  let error: unknown;
  try {
    assertEveryRowReported(books, gstr2b, results);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(RowAccountingError);
  expect((error as RowAccountingError).message).toContain(text);
}

describe('assertEveryRowReported', () => {
  it('accepts what the engine reports: matches, mismatches, missing rows and duplicates', () => {
    const results = reconcile(books, gstr2b, DEFAULT_MATCH_CONFIG);
    expect(() => assertEveryRowReported(books, gstr2b, results)).not.toThrow();
  });

  it('fails when a purchase row lands in no category', () => {
    const results = reconcile(books, gstr2b, DEFAULT_MATCH_CONFIG).filter((r) => r.bookId !== 'b3-twin');
    expectProblem(results, '1 purchase row(s) in no category (b3-twin)');
  });

  it('fails when a 2B document is reported twice (its credit counted twice)', () => {
    const results = reconcile(books, gstr2b, DEFAULT_MATCH_CONFIG);
    const g1 = results.find((r) => r.gstr2bId === 'g1')!;
    expectProblem(
      [...results, { ...g1, bookId: undefined }],
      '1 GSTR-2B row(s) reported more than once (g1)',
    );
  });

  it('fails when a result names a row that was never read', () => {
    const results = reconcile(books, gstr2b, DEFAULT_MATCH_CONFIG);
    const ghost: MatchResult = {
      category: 'missing-in-books',
      rule: 'unmatched',
      gstr2bId: 'g-ghost',
      supplierGstin: A,
      differences: [],
      explanation: [],
      itcAtStake: '0.00',
    };
    expectProblem([...results, ghost], '1 GSTR-2B id(s) reported but never read (g-ghost)');
  });
});
