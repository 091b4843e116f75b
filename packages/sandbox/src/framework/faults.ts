/**
 * Fault injection: what can go wrong between a client and a government API. Faults come from the
 * `X-Sandbox-Fault` request header, from rules queued through the control API (next N matching requests)
 * or from rules given in the sandbox config.
 */
export const FAULT_KINDS = [
  'timeout',
  'timeout-after-commit',
  '500',
  '502',
  '503',
  '429',
  'drop-after-commit',
  // The request is applied, then the answer the client sees is replaced: a 502/503 as a provider gives
  // after its own retries, or a GSP's envelope saying its gateway timed out (GSPERR, "Gateway Time-out").
  '502-after-commit',
  '503-after-commit',
  'gateway-timeout-after-commit',
  // Applied, then answered 401 (a token refused on the way back, or a gateway's own check failing late).
  '401-after-commit',
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

export const FAULT_HEADER = 'x-sandbox-fault';

export function isFaultKind(value: unknown): value is FaultKind {
  return typeof value === 'string' && (FAULT_KINDS as readonly string[]).includes(value);
}

export interface FaultRule {
  /** Regular expression (source) tested against the request URL (path and query). */
  path: string;
  fault: FaultKind;
  /** How many matching requests get the fault; Infinity for every one. */
  count: number;
  method?: string;
}

export interface AppliedFault {
  fault: FaultKind;
  method: string;
  url: string;
  source: 'header' | 'rule';
}

export class FaultInjector {
  private rules: (FaultRule & { pattern: RegExp })[] = [];
  readonly applied: AppliedFault[] = [];

  constructor(initial: FaultRule[] = []) {
    initial.forEach((rule) => this.queue(rule));
  }

  queue(rule: FaultRule): void {
    if (!isFaultKind(rule.fault)) throw new Error(`unknown fault "${String(rule.fault)}"`);
    if (!(rule.count > 0)) throw new Error('count must be positive');
    this.rules.push({ ...rule, pattern: new RegExp(rule.path) });
  }

  clear(): void {
    this.rules = [];
  }

  pending(): FaultRule[] {
    return this.rules.map(({ path, fault, count, method }) => ({ path, fault, count, method }));
  }

  /** The fault for this request, consuming one use of the first matching rule. */
  take(method: string, url: string, header: string | undefined): FaultKind | undefined {
    if (header !== undefined && isFaultKind(header)) {
      this.applied.push({ fault: header, method, url, source: 'header' });
      return header;
    }
    const rule = this.rules.find(
      (candidate) =>
        candidate.pattern.test(url) && (!candidate.method || candidate.method.toUpperCase() === method),
    );
    if (!rule) return undefined;
    rule.count -= 1;
    if (rule.count <= 0) this.rules = this.rules.filter((candidate) => candidate !== rule);
    this.applied.push({ fault: rule.fault, method, url, source: 'rule' });
    return rule.fault;
  }
}
