import { retryAfterMs } from './retry-after';

describe('retryAfterMs', () => {
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
