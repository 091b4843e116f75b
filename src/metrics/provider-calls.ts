/**
 * Calls to the compliance providers (GSP, IRP, ZATCA...), one observation per HTTP attempt, fed by the
 * compliance clients' logger hook. Process-wide (the clients are built outside Nest's container), in a
 * registry of their own that each MetricsService merges into its answer.
 */
import { Counter, Histogram, Registry } from 'prom-client';

export const providerCallRegistry = new Registry();

const calls = new Counter({
  name: 'connector_provider_calls_total',
  help: 'HTTP attempts to compliance providers, by provider, operation and outcome (HTTP status or error)',
  labelNames: ['provider', 'operation', 'outcome'],
  registers: [providerCallRegistry],
});

const errors = new Counter({
  name: 'connector_provider_call_errors_total',
  help: 'Attempts with no usable answer (network error, timeout) or a 5xx/429, by provider and operation',
  labelNames: ['provider', 'operation'],
  registers: [providerCallRegistry],
});

const latency = new Histogram({
  name: 'connector_provider_call_duration_seconds',
  help: 'Duration of one HTTP attempt to a compliance provider',
  labelNames: ['provider', 'operation'],
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
  registers: [providerCallRegistry],
});

export interface ProviderCall {
  provider: string;
  operation: string;
  status?: number;
  durationMs: number;
  error?: string;
}

export function recordProviderCall(call: ProviderCall): void {
  const labels = { provider: call.provider, operation: call.operation };
  const outcome = call.status !== undefined ? String(call.status) : (call.error ?? 'error');
  calls.inc({ ...labels, outcome });
  if (call.status === undefined || call.status >= 500 || call.status === 429) errors.inc(labels);
  latency.observe(labels, call.durationMs / 1000);
}
