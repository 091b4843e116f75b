/**
 * When the pipeline tries a submission again: the shared exponential backoff with jitter (2 s base,
 * 15 min cap), or the authority's Retry-After when that is longer.
 */
import { backoffDelay } from '../compliance/http';

export function nextAttemptDelayMs(attempt: number, retryAfterMs?: number): number {
  return Math.max(
    backoffDelay(attempt, { baseMs: 2000, maxMs: 15 * 60_000, jitter: 0.5 }),
    retryAfterMs ?? 0,
  );
}
