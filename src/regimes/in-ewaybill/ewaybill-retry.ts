/**
 * The e-way bill system's retry rule: a transient failure is retried 3 times, after 1 s, 2 s and 4 s, and
 * then surfaced. `sleep` is injectable so tests need not wait.
 */
export const EWAYBILL_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000];

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
