/**
 * Which period reports a document when bills and 2B documents cross months (issue 28, findings 6 and 7).
 * Pure. A run of period P reads the books of P's month and a look-back of earlier months:
 * - an earlier month's bill that P's 2B pairs is reported in P (and its own month says so: `in-other-period`);
 * - an earlier month's bill P's 2B does not pair is left to its own month's report (not shown again in P);
 * - a bill of P's month already paired (or decided) in another period is `in-other-period` in P;
 * - a 2B document of P that a later period's amendment superseded is `amended` in P.
 */
import type { PurchaseElsewhere } from '../database/repositories';
import type { MatchResult, RecoDocument } from './matching';

export class PeriodPlacement {
  /** Verdicts that point to another period, reported in this one as they are (not matched here). */
  readonly elsewhere: MatchResult[] = [];

  constructor(
    private readonly period: string,
    /** First day of the period's month (ISO): bills dated before it are the look-back's. */
    private readonly monthStart: string,
  ) {}

  pairedElsewhere(book: RecoDocument, settled: PurchaseElsewhere): void {
    this.elsewhere.push({
      category: 'in-other-period',
      rule: 'paired-in-other-period',
      bookId: book.id,
      supplierGstin: book.supplierGstin,
      differences: [],
      explanation: [
        settled.decided
          ? `decided by an operator in the reconciliation of ${settled.period} (${settled.category}): see that period`
          : `paired with GSTR-2B of ${settled.period} (${settled.category}): see that period`,
      ],
      itcAtStake: '0.00',
      otherPeriod: settled.period,
    });
  }

  amendedLater(document: { id: string; supplierGstin: string | null; amendedIn: string | null }): void {
    this.elsewhere.push({
      category: 'amended',
      rule: 'amended-in-later-period',
      gstr2bId: document.id,
      supplierGstin: document.supplierGstin ?? '',
      differences: [],
      explanation: [
        `amended in GSTR-2B of ${document.amendedIn}: the amendment takes over this document's match there`,
      ],
      itcAtStake: '0.00',
      otherPeriod: document.amendedIn ?? undefined,
    });
  }

  /**
   * The engine's verdicts without the look-back bills it left unpaired (their own month reports them);
   * `reportedBooks` are the books the verdicts still account for, `lateBills` the earlier months' bills
   * this period's 2B paired.
   */
  keepLookBackPairs(
    books: readonly RecoDocument[],
    results: readonly MatchResult[],
  ): { results: MatchResult[]; reportedBooks: RecoDocument[]; lateBills: MatchResult[] } {
    const lookBack = new Set(books.filter((b) => b.date < this.monthStart).map((b) => b.id));
    if (lookBack.size === 0) return { results: [...results], reportedBooks: [...books], lateBills: [] };
    const dropped = new Set<string>();
    const kept: MatchResult[] = [];
    const lateBills: MatchResult[] = [];
    for (const result of results) {
      if (result.bookId && lookBack.has(result.bookId)) {
        if (!result.gstr2bId) {
          dropped.add(result.bookId);
          continue;
        }
        result.explanation.push(
          `a bill of an earlier month, reported by the supplier in GSTR-2B of ${this.period}`,
        );
        lateBills.push(result);
      }
      kept.push(result);
    }
    return { results: kept, reportedBooks: books.filter((b) => !dropped.has(b.id)), lateBills };
  }
}
