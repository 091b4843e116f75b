/**
 * `npm run sandbox`: starts every simulator and prints where they listen. Ports come from
 * SANDBOX_<SERVICE>_PORT (e.g. SANDBOX_EINVOICEGSP_PORT) or the defaults in sandbox-ports.ts; SANDBOX_HOST
 * sets the interface and SANDBOX_RATE_LIMIT the requests per minute per key (0: unlimited).
 * SANDBOX_STATE_DIR keeps the simulators' records (registrations, keys) there across restarts.
 *
 * Faults active from the start (the same kinds the control API and the X-Sandbox-Fault header offer:
 * timeout, timeout-after-commit, 500, 502, 503, 429, drop-after-commit, 502-after-commit,
 * 503-after-commit, gateway-timeout-after-commit, 401-after-commit) come from SANDBOX_FAULTS_FILE,
 * a YAML or JSON file, and SANDBOX_FAULTS, the same text inline, shaped service -> rules, e.g.
 *   SANDBOX_FAULTS='{"einvoiceGsp": [{"path": "GENERATE", "fault": "503", "count": 2}]}'
 * (`count` defaults to 1; "every" faults every matching request; `method` narrows to one HTTP method;
 * see fault-config.ts). SANDBOX_FAULT_TIMEOUT_MS sets how long a timeout fault hangs (default 30000),
 * SANDBOX_FAULT_RETRY_AFTER the Retry-After seconds of an injected 429 (default 1).
 * SANDBOX_LATENCY makes every call wait, as real IRPs answer: `300`, `300+-100` (even spread) or JSON
 * service -> {ms, jitterMs}; changed at run time by POST /__sandbox/latency (framework/latency.ts).
 */
import type { FaultRule } from './framework/faults';
import { faultsFromEnvironment } from './fault-config';
import { sandboxPortsFromEnv } from './sandbox-ports';
import { startSandbox, type RunningSandbox } from './start-sandbox';

/** A positive number from the environment, or undefined when the variable is not set. */
function positiveFromEnv(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!(number > 0)) throw new Error(`${name} must be a positive number, got "${value}"`);
  return number;
}

/** Refuses fault rules for services that did not start (a misspelt name would silently do nothing). */
async function checkFaultServices(
  sandbox: RunningSandbox,
  faults: Record<string, FaultRule[]>,
): Promise<void> {
  const unknown = Object.keys(faults).filter((service) => !(service in sandbox.urls));
  if (unknown.length === 0) return;
  await sandbox.stop();
  throw new Error(
    `faults for unknown services ${unknown.join(', ')}; services: ${Object.keys(sandbox.urls).join(', ')}`,
  );
}

function describeFault(rule: FaultRule): string {
  const which = rule.count === Infinity ? 'every' : `the next ${rule.count}`;
  return `${rule.fault} for ${which} ${rule.method ? `${rule.method} ` : ''}request(s) matching "${rule.path}"`;
}

async function main(): Promise<void> {
  const rateLimit = process.env.SANDBOX_RATE_LIMIT;
  const faults = faultsFromEnvironment(process.env) ?? {};
  const sandbox = await startSandbox({
    host: process.env.SANDBOX_HOST,
    ports: sandboxPortsFromEnv(),
    stateDir: process.env.SANDBOX_STATE_DIR,
    rateLimit: rateLimit !== undefined ? { limit: Number(rateLimit), windowMs: 60_000 } : undefined,
    faults,
    faultTimeoutMs: positiveFromEnv('SANDBOX_FAULT_TIMEOUT_MS'),
    faultRetryAfterSeconds: positiveFromEnv('SANDBOX_FAULT_RETRY_AFTER'),
  });
  await checkFaultServices(sandbox, faults);
  console.log('Sandbox simulators listening:');
  for (const [service, url] of Object.entries(sandbox.urls)) console.log(`  ${service.padEnd(16)} ${url}`);
  console.log(`  e-invoice public key: ${sandbox.urls.einvoiceGsp}/__sandbox/einvoice/public-key`);
  for (const [service, rules] of Object.entries(faults)) {
    for (const rule of rules) console.log(`  fault (${service}): ${describeFault(rule)}`);
  }
  const shutdown = () => {
    void sandbox.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
