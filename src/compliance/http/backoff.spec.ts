import { backoffDelay, retryAfterMs } from './backoff';

describe('backoff', () => {
  it('doubles per attempt up to the cap, with jitter below the full delay', () => {
    const options = { baseMs: 100, maxMs: 1000, jitter: 0 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, options))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
    expect(backoffDelay(3, { baseMs: 100, maxMs: 1000, jitter: 0.5 }, () => 0)).toBe(200);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(61_000).toUTCString(), 1_000)).toBe(60_000);
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('reads a numeric header value (some clients parse it) and never goes negative', () => {
    expect(retryAfterMs(2)).toBe(2000);
    expect(retryAfterMs(new Date(500).toUTCString(), 1_000)).toBe(0);
  });
});
