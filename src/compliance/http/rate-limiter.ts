/**
 * What a compliance client asks of its pacing: a turn to send on a key (provider + client id), and a
 * pause after the provider answered 429. In one process: ClientRateLimiter; across the processes of one
 * deployment: a limiter over the shared database (database/repositories/provider-rate-limiter).
 */
export interface RateLimiter {
  /** Resolves when the caller may send one request on `key`. */
  acquire(key: string): Promise<void>;
  /** The server said 429: nobody sends on `key` for `ms`. */
  pause(key: string, ms: number): void;
}
