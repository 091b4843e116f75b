/**
 * The count check an accountant relies on: every purchase row and every 2B document read lands in
 * exactly one result (matched, a category, or a duplicate row). A row missing from the report, or
 * reported twice, would silently drop or double a credit, so the run fails instead of reporting.
 */
import type { MatchResult } from './match-result';
import type { RecoDocument } from './reco-document';

export class RowAccountingError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`rows read do not equal rows reported: ${problems.join('; ')}`);
    this.name = 'RowAccountingError';
  }
}

const SAMPLE = 5;

function check(
  sideName: string,
  read: readonly RecoDocument[],
  reported: readonly (string | undefined)[],
  problems: string[],
): void {
  const seen = new Map<string, number>();
  for (const id of reported) if (id !== undefined) seen.set(id, (seen.get(id) ?? 0) + 1);
  const readIds = new Set(read.map((doc) => doc.id));
  const missing = read.filter((doc) => !seen.has(doc.id)).map((doc) => doc.id);
  const twice = [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  const unknown = [...seen.keys()].filter((id) => !readIds.has(id));
  const list = (ids: string[]): string =>
    ids.slice(0, SAMPLE).join(', ') + (ids.length > SAMPLE ? ', …' : '');
  if (missing.length > 0)
    problems.push(`${missing.length} ${sideName} row(s) in no category (${list(missing)})`);
  if (twice.length > 0)
    problems.push(`${twice.length} ${sideName} row(s) reported more than once (${list(twice)})`);
  if (unknown.length > 0)
    problems.push(`${unknown.length} ${sideName} id(s) reported but never read (${list(unknown)})`);
}

/** Throws RowAccountingError unless each read row of each side appears in exactly one result. */
export function assertEveryRowReported(
  books: readonly RecoDocument[],
  gstr2b: readonly RecoDocument[],
  results: readonly MatchResult[],
): void {
  const problems: string[] = [];
  check(
    'purchase',
    books,
    results.map((r) => r.bookId),
    problems,
  );
  check(
    'GSTR-2B',
    gstr2b,
    results.map((r) => r.gstr2bId),
    problems,
  );
  if (problems.length > 0) throw new RowAccountingError(problems);
}
