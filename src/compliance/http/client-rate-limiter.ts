/**
 * Client-side pacing per key (provider + client id): at most `limit` requests per `windowMs`, and after a
 * 429 nobody sends on that key until its Retry-After has passed. Waiting callers queue in order.
 *
 * Default: no pacing (`NO_CLIENT_PACING`). The published references give no request rate for the
 * e-invoice, e-way bill or KSA APIs ("not shown"), so the client invents none: it sends as fast as it is
 * asked and waits only when the provider answers 429 (Retry-After). A configured `rateLimit` paces.
 */
import { monotonicNow } from '../../domain';
import { sleep as realSleep } from './backoff';
import { NO_CLIENT_PACING, type ClientRateLimit, type RateLimiter } from '../../ports';

export { NO_CLIENT_PACING, type ClientRateLimit };

export class ClientRateLimiter implements RateLimiter {
  private readonly sent = new Map<string, number[]>();
  private readonly pausedUntil = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly rate: ClientRateLimit = NO_CLIENT_PACING,
    private readonly now: () => number = monotonicNow,
    private readonly sleep: (ms: number) => Promise<void> = realSleep,
  ) {}

  /** Resolves when the caller may send one request on `key`. */
  acquire(key: string): Promise<void> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const turn = previous.then(() => this.waitForSlot(key));
    this.queues.set(key, turn);
    return turn;
  }

  /** The server said 429: hold the key for `ms`. */
  pause(key: string, ms: number): void {
    const until = this.now() + ms;
    this.pausedUntil.set(key, Math.max(until, this.pausedUntil.get(key) ?? 0));
  }

  private async waitForSlot(key: string): Promise<void> {
    for (;;) {
      const now = this.now();
      const paused = (this.pausedUntil.get(key) ?? 0) - now;
      if (paused > 0) {
        await this.sleep(paused);
        continue;
      }
      if (this.rate.limit <= 0) return;
      const recent = (this.sent.get(key) ?? []).filter((at) => now - at < this.rate.windowMs);
      if (recent.length < this.rate.limit) {
        recent.push(now);
        this.sent.set(key, recent);
        return;
      }
      this.sent.set(key, recent);
      await this.sleep(recent[0] + this.rate.windowMs - now);
    }
  }
}
