/**
 * Per-provider circuit breaker: after `failureThreshold` consecutive outage answers (5xx, network failure,
 * timeout) from one provider, nobody in this process calls it for `openMs`; then one probe is let through
 * (half-open) and its answer closes the circuit or opens it again for twice as long (up to `maxOpenMs`).
 * While open, calls fail at once as `transient` with the time left as `retryAfterMs`, so the job queue
 * waits instead of every document retrying on its own: a 3-minute outage costs a handful of probes, not
 * hundreds of requests a second.
 */
import { monotonicNow } from '../../domain';
import { ComplianceError } from '../regime';

/** Error code of a call refused because its provider's circuit is open: it was never sent. */
export const CIRCUIT_OPEN = 'CIRCUIT_OPEN';

export interface CircuitBreakerPolicy {
  /** Consecutive outage answers that open the circuit; 0 disables the breaker. */
  failureThreshold: number;
  /** First open period. */
  openMs: number;
  /** Longest open period after repeated failed probes. */
  maxOpenMs: number;
}

export const DEFAULT_CIRCUIT_BREAKER_POLICY: CircuitBreakerPolicy = {
  failureThreshold: 5,
  openMs: 15_000,
  maxOpenMs: 120_000,
};

interface Circuit {
  policy?: CircuitBreakerPolicy;
  failures: number;
  openUntil: number;
  openMs: number;
  probing: boolean;
}

export class CircuitBreaker {
  private readonly circuits = new Map<string, Circuit>();
  readonly policy: CircuitBreakerPolicy;

  constructor(
    policy: Partial<CircuitBreakerPolicy> = {},
    private readonly now: () => number = monotonicNow,
  ) {
    this.policy = { ...DEFAULT_CIRCUIT_BREAKER_POLICY, ...policy };
  }

  /**
   * Throws `transient` CIRCUIT_OPEN when `key` is open; in half-open state lets exactly one probe through.
   * `policy` overrides the breaker's for this circuit (a provider's own settings).
   */
  admit(key: string, operation: string, policy?: Partial<CircuitBreakerPolicy>): void {
    const rules = this.rules(policy);
    if (rules.failureThreshold <= 0) return;
    const circuit = this.circuits.get(key);
    if (!circuit || circuit.failures < rules.failureThreshold) return;
    const left = circuit.openUntil - this.now();
    if (left <= 0 && !circuit.probing) {
      circuit.probing = true;
      return;
    }
    throw new ComplianceError(
      'transient',
      `${operation}: provider unavailable (circuit open after ${circuit.failures} failed calls); not sent`,
      { code: CIRCUIT_OPEN, retryAfterMs: Math.max(left, 1_000), notSent: true },
    );
  }

  /** The provider answered (any status below 500): it is up. */
  succeeded(key: string): void {
    this.circuits.delete(key);
  }

  /** The provider failed as in an outage. */
  failed(key: string, policy?: Partial<CircuitBreakerPolicy>): void {
    const rules = this.rules(policy);
    if (rules.failureThreshold <= 0) return;
    const circuit = this.circuits.get(key) ?? { failures: 0, openUntil: 0, openMs: 0, probing: false };
    circuit.policy = rules;
    circuit.failures += 1;
    if (circuit.failures >= rules.failureThreshold) {
      circuit.openMs = circuit.probing
        ? Math.min(rules.maxOpenMs, circuit.openMs * 2)
        : circuit.openMs || rules.openMs;
      circuit.openUntil = this.now() + circuit.openMs;
      circuit.probing = false;
    }
    this.circuits.set(key, circuit);
  }

  isOpen(key: string): boolean {
    const circuit = this.circuits.get(key);
    const threshold = (circuit?.policy ?? this.policy).failureThreshold;
    return !!circuit && threshold > 0 && circuit.failures >= threshold && circuit.openUntil > this.now();
  }

  /** The circuits open now (calls refused, not sent): which key, and when the next probe may go. */
  openCircuits(): { key: string; failures: number; reopensAt: string; secondsLeft: number }[] {
    const now = this.now();
    return [...this.circuits.keys()]
      .filter((key) => this.isOpen(key))
      .map((key) => {
        const circuit = this.circuits.get(key)!;
        return {
          key,
          failures: circuit.failures,
          reopensAt: new Date(circuit.openUntil).toISOString(),
          secondsLeft: Math.ceil((circuit.openUntil - now) / 1000),
        };
      });
  }

  private rules(policy?: Partial<CircuitBreakerPolicy>): CircuitBreakerPolicy {
    return policy ? { ...this.policy, ...policy } : this.policy;
  }
}

/** One breaker per process, so every client of a provider shares its view of an outage. */
export const SHARED_CIRCUIT_BREAKER = new CircuitBreaker();
