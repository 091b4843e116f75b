/** Exponential backoff with full jitter, and the HTTP Retry-After header read as a delay. */
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

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: unknown, now: number = Date.now()): number | undefined {
  if (typeof header === 'number') return Number.isFinite(header) ? Math.max(0, header * 1000) : undefined;
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
