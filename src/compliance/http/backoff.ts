/** Exponential backoff with full jitter (Retry-After is read by src/http/retry-after). */
export { retryAfterMs } from '../../http';
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** 0..1: share of the delay that is randomised; default 0.5. */
  jitter?: number;
}

export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  const jitter = options.jitter ?? 0.5;
  return Math.round(exponential * (1 - jitter + jitter * random()));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
