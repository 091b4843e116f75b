/**
 * Duplicates: one supplier's document of one kind and number booked more than once in one financial year
 * (in the books: a double booking; in 2B: the supplier reported it twice). Every such row is put in its own
 * category, paired or not, so a second voucher is never hidden behind its twin's match and the credit is
 * not claimed twice. Bills of one number in two financial years are two bills (suppliers restart their
 * series each April), so the year is part of the identity.
 */
import type { MatchResult } from './match-result';
import { strictNumber } from './invoice-number';
import type { RecoDocument } from './reco-document';

/** The financial year (April to March) of an ISO date, named by its first year: 2026-03-31 → 2025. */
export function financialYearOf(iso: string): number {
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  return month >= 4 ? year : year - 1;
}

/** A document's identity for the duplicate rule: supplier, kind, number (case and spaces aside), year. */
export function documentIdentity(doc: RecoDocument): string {
  return `${doc.supplierGstin}|${doc.kind}|${strictNumber(doc.number)}|${financialYearOf(doc.date)}`;
}

/** The ids of documents sharing an identity with another, each with its twins' numbers and dates. */
function twins(docs: readonly RecoDocument[]): Map<string, RecoDocument[]> {
  const byIdentity = new Map<string, RecoDocument[]>();
  for (const doc of docs) {
    const key = documentIdentity(doc);
    const group = byIdentity.get(key);
    if (group) group.push(doc);
    else byIdentity.set(key, [doc]);
  }
  const result = new Map<string, RecoDocument[]>();
  for (const group of byIdentity.values()) {
    if (group.length < 2) continue;
    for (const doc of group) result.set(doc.id, group);
  }
  return result;
}

function describe(group: readonly RecoDocument[], side: string): string {
  const first = group[0];
  return `${side} hold ${group.length} documents numbered "${first.number}" of supplier ${first.supplierGstin} in financial year ${financialYearOf(first.date)}-${String((financialYearOf(first.date) + 1) % 100).padStart(2, '0')} (ids ${group.map((d) => d.id).join(', ')}); the credit can be claimed once`;
}

/** Re-labels the results of duplicated documents; results keep their pair and differences. */
export function markDuplicates(
  results: MatchResult[],
  books: readonly RecoDocument[],
  gstr2b: readonly RecoDocument[],
  taxOf: (doc: RecoDocument) => string,
): MatchResult[] {
  const bookTwins = twins(books);
  const portalTwins = twins(gstr2b);
  if (bookTwins.size === 0 && portalTwins.size === 0) return results;
  const byBookId = new Map(books.map((d) => [d.id, d]));
  const byPortalId = new Map(gstr2b.map((d) => [d.id, d]));
  return results.map((result) => {
    const bookGroup = result.bookId ? bookTwins.get(result.bookId) : undefined;
    if (bookGroup) {
      return {
        ...result,
        category: 'duplicate-in-books',
        rule: 'duplicate',
        explanation: [describe(bookGroup, 'the books'), ...result.explanation],
        itcAtStake: taxOf(byBookId.get(result.bookId!)!),
      };
    }
    const portalGroup = result.gstr2bId ? portalTwins.get(result.gstr2bId) : undefined;
    if (portalGroup) {
      return {
        ...result,
        category: 'duplicate-in-2b',
        rule: 'duplicate',
        explanation: [describe(portalGroup, 'GSTR-2B'), ...result.explanation],
        itcAtStake: taxOf(byPortalId.get(result.gstr2bId!)!),
      };
    }
    return result;
  });
}
