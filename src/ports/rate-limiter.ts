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

/** A request allowance: at most `limit` sends per `windowMs` on one key. */
export interface ClientRateLimit {
  limit: number;
  windowMs: number;
}

/** `limit: 0` means no client-side pacing: only a 429's Retry-After holds a key. */
export const NO_CLIENT_PACING: ClientRateLimit = Object.freeze({ limit: 0, windowMs: 60_000 });
