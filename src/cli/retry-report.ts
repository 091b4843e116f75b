/** Adds up the answers of chunked retry requests and prints what was retried and what was skipped and why. */
import type { RetryAnswer } from './api-types';

/** What one or several retry answers retried and skipped. */
export type RetryReport = Pick<RetryAnswer, 'retried' | 'skipped'>;

const DETAIL_LIMIT = 50;

export function mergeRetryAnswers(answers: readonly RetryReport[]): RetryReport {
  return {
    retried: answers.flatMap((a) => a.retried),
    skipped: answers.flatMap((a) => a.skipped),
  };
}

export function formatRetryReport(answer: RetryReport, detailLimit = DETAIL_LIMIT): string {
  const { retried, skipped } = answer;
  let text = `retried ${retried.length}, skipped ${skipped.length}\n`;
  for (const r of retried.slice(0, detailLimit))
    text += `  retried  ${r.submissionId}  ${r.from} -> ${r.to}\n`;
  if (retried.length > detailLimit) text += `  ... and ${retried.length - detailLimit} more retried\n`;
  for (const s of skipped.slice(0, detailLimit))
    text += `  skipped  ${s.submissionId}  ${s.state}: ${s.why}\n`;
  if (skipped.length > detailLimit) {
    const byReason = new Map<string, number>();
    for (const s of skipped) byReason.set(s.why, (byReason.get(s.why) ?? 0) + 1);
    const counts = [...byReason].map(([why, n]) => `${n} ${why}`).join(', ');
    text += `  ... and ${skipped.length - detailLimit} more skipped (in all: ${counts})\n`;
  }
  return text;
}

/** Splits ids into request-sized chunks. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('chunk size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
