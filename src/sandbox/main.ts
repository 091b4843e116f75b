/**
 * `npm run sandbox`: starts every simulator and prints where they listen. Ports come from
 * SANDBOX_<SERVICE>_PORT (e.g. SANDBOX_EINVOICEGSP_PORT) or the defaults below; SANDBOX_HOST sets the
 * interface and SANDBOX_RATE_LIMIT the requests per minute per key (0: unlimited).
 */
import { startSandbox } from './start-sandbox';

const DEFAULT_PORTS: Record<string, number> = { einvoiceGsp: 4101, einvoiceApi: 4102 };

function portsFromEnv(): Record<string, number> {
  const ports: Record<string, number> = { ...DEFAULT_PORTS };
  for (const [key, value] of Object.entries(process.env)) {
    const match = /^SANDBOX_([A-Z0-9]+)_PORT$/.exec(key);
    if (!match || value === undefined) continue;
    const name = Object.keys(DEFAULT_PORTS).find((service) => service.toUpperCase() === match[1]) ?? match[1];
    ports[name] = Number(value);
  }
  return ports;
}

async function main(): Promise<void> {
  const rateLimit = process.env.SANDBOX_RATE_LIMIT;
  const sandbox = await startSandbox({
    host: process.env.SANDBOX_HOST,
    ports: portsFromEnv(),
    rateLimit: rateLimit !== undefined ? { limit: Number(rateLimit), windowMs: 60_000 } : undefined,
  });
  console.log('Sandbox simulators listening:');
  for (const [service, url] of Object.entries(sandbox.urls)) console.log(`  ${service.padEnd(16)} ${url}`);
  console.log(`  e-invoice public key: ${sandbox.urls.einvoiceGsp}/__sandbox/einvoice/public-key`);
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
