/** Exponential backoff with full jitter, capped; an authority's Retry-After wins when it is longer. */
export function nextAttemptDelayMs(
  attempt: number,
  retryAfterMs?: number,
  baseMs = 2000,
  capMs = 15 * 60_000,
): number {
  const exponential = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = exponential / 2 + Math.random() * (exponential / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}
