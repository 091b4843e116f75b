/**
 * Latency injection: each call to a simulated API waits before it is handled, the way real IRPs and
 * GSPs answer (hundreds of milliseconds, spread). Fixed (`ms`) or spread evenly over `ms ± jitterMs`.
 * Set per service from the sandbox options, and at run time through `POST /__sandbox/latency`.
 */
export interface LatencyOptions {
  /** The mean wait per call, in milliseconds. */
  ms: number;
  /** Half-width of the even spread around `ms`; 0 or absent: always `ms`. */
  jitterMs?: number;
}

export class LatencyInjector {
  private current: Required<LatencyOptions> = { ms: 0, jitterMs: 0 };

  constructor(
    initial?: LatencyOptions,
    private readonly random: () => number = Math.random,
  ) {
    if (initial) this.configure(initial);
  }

  configure(options: LatencyOptions): void {
    const problem = latencyProblem(options);
    if (problem) throw new Error(problem);
    this.current = { ms: options.ms, jitterMs: options.jitterMs ?? 0 };
  }

  settings(): Required<LatencyOptions> {
    return { ...this.current };
  }

  /** The wait for the next call, never negative. */
  nextDelayMs(): number {
    const { ms, jitterMs } = this.current;
    if (jitterMs === 0) return ms;
    return Math.max(0, ms + (this.random() * 2 - 1) * jitterMs);
  }
}

/** Why `value` is not a latency setting, or undefined when it is one. */
export function latencyProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'latency must be {ms, jitterMs?}';
  const { ms, jitterMs } = value as Partial<Record<string, unknown>>;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 600_000) {
    return 'latency.ms must be a number of milliseconds from 0 to 600000';
  }
  if (
    jitterMs !== undefined &&
    (typeof jitterMs !== 'number' || !Number.isFinite(jitterMs) || jitterMs < 0 || jitterMs > ms)
  ) {
    return 'latency.jitterMs must be a number from 0 to latency.ms';
  }
  return undefined;
}

/**
 * SANDBOX_LATENCY: `300` (fixed), `300+-100` / `300±100` (spread) for every service, or JSON
 * service name -> {ms, jitterMs} (`*` for every service not named).
 */
export function latencyFromText(text: string | undefined): Record<string, LatencyOptions> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const short = /^\s*(\d+(?:\.\d+)?)\s*(?:(?:\+-|±)\s*(\d+(?:\.\d+)?))?\s*$/.exec(text);
  const parsed: unknown = short
    ? { '*': { ms: Number(short[1]), jitterMs: short[2] === undefined ? 0 : Number(short[2]) } }
    : parseJson(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`SANDBOX_LATENCY: expected "300", "300+-100" or JSON service -> {ms, jitterMs}`);
  }
  for (const [service, setting] of Object.entries(parsed)) {
    const problem = latencyProblem(setting);
    if (problem) throw new Error(`SANDBOX_LATENCY: ${service}: ${problem}`);
  }
  return parsed as Record<string, LatencyOptions>;
}

/** The setting for one service from a per-service map (`*` applies to every service not named). */
export function latencyFor(
  settings: Record<string, LatencyOptions | undefined> | undefined,
  service: string,
): LatencyOptions | undefined {
  return settings?.[service] ?? settings?.['*'];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`SANDBOX_LATENCY: expected "300", "300+-100" or JSON service -> {ms, jitterMs}`);
  }
}
