/**
 * Which providers this process is holding back after a 429, and until when: the read side of the pause
 * every caller of a provider key honours. Health, status and metrics read `snapshot()`; the HTTP client
 * records each 429's Retry-After here as it pauses the key.
 */
export interface ProviderThrottleState {
  provider: string;
  /** The rate-limit key held (provider + client id). */
  key: string;
  /** Why: the provider answered 429 (its Retry-After), or client-side pacing. */
  reason: 'provider-429' | 'client-pacing';
  resumesAt: string;
  secondsLeft: number;
}

export class ProviderThrottle {
  private readonly held = new Map<
    string,
    { provider: string; untilMs: number; reason: ProviderThrottleState['reason'] }
  >();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records that `key` of `provider` sends nothing until `untilMs`. */
  hold(
    provider: string,
    key: string,
    untilMs: number,
    reason: ProviderThrottleState['reason'] = 'provider-429',
  ): void {
    const current = this.held.get(key);
    if (current && current.untilMs >= untilMs) return;
    this.held.set(key, { provider, untilMs, reason });
  }

  /** The keys still held now, longest wait first; ended holds are forgotten. */
  snapshot(): ProviderThrottleState[] {
    const now = this.now();
    const states: ProviderThrottleState[] = [];
    for (const [key, hold] of this.held) {
      if (hold.untilMs <= now) {
        this.held.delete(key);
        continue;
      }
      states.push({
        provider: hold.provider,
        key,
        reason: hold.reason,
        resumesAt: new Date(hold.untilMs).toISOString(),
        secondsLeft: Math.ceil((hold.untilMs - now) / 1000),
      });
    }
    return states.sort((a, b) => b.secondsLeft - a.secondsLeft);
  }

  /** Seconds until each held provider may send again (the largest over its keys). */
  secondsByProvider(): Map<string, number> {
    const byProvider = new Map<string, number>();
    for (const state of this.snapshot()) {
      byProvider.set(state.provider, Math.max(byProvider.get(state.provider) ?? 0, state.secondsLeft));
    }
    return byProvider;
  }
}

/** The process's one record, shared by every compliance client (like the circuit breaker). */
export const SHARED_PROVIDER_THROTTLE = new ProviderThrottle();
