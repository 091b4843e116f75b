/** Fixed-window request counter per key (API key / client id), as the sandbox mode of the GSPs enforces. */
export interface RateLimitOptions {
  /** Requests allowed per window; 0 disables the limit. */
  limit: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 60, windowMs: 60_000 };

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class SandboxRateLimiter {
  private readonly windows = new Map<string, { startMs: number; count: number }>();
  rejected = 0;

  constructor(
    private options: RateLimitOptions,
    private readonly nowMs: () => number,
  ) {}

  configure(options: RateLimitOptions): void {
    this.options = options;
    this.windows.clear();
  }

  take(key: string): RateDecision {
    if (this.options.limit <= 0) return { allowed: true };
    const now = this.nowMs();
    let window = this.windows.get(key);
    if (!window || now - window.startMs >= this.options.windowMs) {
      window = { startMs: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count < this.options.limit) {
      window.count += 1;
      return { allowed: true };
    }
    this.rejected += 1;
    const waitMs = window.startMs + this.options.windowMs - now;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}
