/** What every simulator (e-invoice, e-way bill, ZATCA, Tally, ...) provides to `startSandbox`. */
import type { SandboxClock } from './clock';
import type { FaultRule } from './faults';
import type { LatencyOptions } from './latency';
import type { RateLimitOptions } from './rate-limiter';

export interface SandboxCommonOptions {
  /** Interface to listen on; 127.0.0.1 unless given. */
  host?: string;
  /** Port per service name (e.g. einvoiceGsp); 0 or absent: ephemeral. */
  ports?: Record<string, number | undefined>;
  /** Per-key request limit; default 60 per minute (sandbox mode of the GSPs). */
  rateLimit?: RateLimitOptions;
  /** How long a `timeout` fault hangs before closing; default 30 s. */
  faultTimeoutMs?: number;
  faultRetryAfterSeconds?: number;
  /** Wait per call, per service name (`*`: every service not named); absent: SANDBOX_LATENCY. */
  latency?: Record<string, LatencyOptions | undefined>;
  /** Fault rules active from the start, per service name. */
  faults?: Record<string, FaultRule[] | undefined>;
  /**
   * Where simulators keep what they must remember across restarts, each under `<stateDir>/<name>/`;
   * absent: in memory only (tests).
   */
  stateDir?: string;
  /** Settings for simulators registered by others, keyed by simulator name. */
  simulatorOptions?: Record<string, unknown>;
}

export interface SimulatorContext<O extends SandboxCommonOptions = SandboxCommonOptions> {
  clock: SandboxClock;
  options: O;
}

export interface StartedSimulator<H = unknown> {
  name: string;
  /** Base URL per service name. */
  urls: Record<string, string>;
  /** Simulator-specific handle for tests (records, keys, fault injectors). */
  handle: H;
  records(): unknown;
  stop(): Promise<void>;
}

export interface SimulatorFactory<H = unknown, O extends SandboxCommonOptions = SandboxCommonOptions> {
  readonly name: string;
  start(context: SimulatorContext<O>): Promise<StartedSimulator<H>>;
}
