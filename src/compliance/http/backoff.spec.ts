import { backoffDelay } from './backoff';

describe('backoff', () => {
  it('doubles per attempt up to the cap, with jitter below the full delay', () => {
    const options = { baseMs: 100, maxMs: 1000, jitter: 0 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, options))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
    expect(backoffDelay(3, { baseMs: 100, maxMs: 1000, jitter: 0.5 }, () => 0)).toBe(200);
  });
});
