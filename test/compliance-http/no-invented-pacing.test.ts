/**
 * The references give no request rate for the e-invoice, e-way bill or KSA APIs ("not shown"): by default
 * a client does not pace itself, and only a 429's Retry-After holds every caller of the key.
 */
import { ClientRateLimiter } from '../../src/compliance/http';

describe('client pacing by default', () => {
  it('grants any number of turns at once when no allowance is configured', async () => {
    let now = 0;
    const slept: number[] = [];
    const limiter = new ClientRateLimiter(
      undefined,
      () => now,
      (ms) => {
        slept.push(ms);
        now += ms;
        return Promise.resolve();
      },
    );
    await Promise.all(Array.from({ length: 200 }, () => limiter.acquire('gsp|client')));
    expect(slept).toEqual([]);
    expect(now).toBe(0);
  });

  it("holds every caller of a key for a 429's Retry-After, and only that key", async () => {
    let now = 0;
    const limiter = new ClientRateLimiter(
      undefined,
      () => now,
      (ms) => {
        now += ms;
        return Promise.resolve();
      },
    );
    limiter.pause('gsp|client', 30_000);
    const granted: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, () => limiter.acquire('gsp|client').then(() => granted.push(now))),
    );
    expect(granted).toEqual([30_000, 30_000, 30_000, 30_000, 30_000]);
    const other = now;
    await limiter.acquire('zatca|client');
    expect(now).toBe(other);
  });

  it('paces when an allowance is configured', async () => {
    let now = 0;
    const limiter = new ClientRateLimiter(
      { limit: 2, windowMs: 1000 },
      () => now,
      (ms) => {
        now += ms;
        return Promise.resolve();
      },
    );
    const granted: number[] = [];
    await Promise.all(Array.from({ length: 4 }, () => limiter.acquire('k').then(() => granted.push(now))));
    expect(granted).toEqual([0, 0, 1000, 1000]);
  });
});
