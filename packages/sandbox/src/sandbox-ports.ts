/**
 * Fixed ports of the simulated services, so an integrator finds them at the same place after every
 * start: SANDBOX_<SERVICE>_PORT (the service name in capitals, e.g. SANDBOX_EINVOICEGSP_PORT,
 * SANDBOX_ZATCA_PORT) or the defaults below; 0 picks a free port (the tests do).
 */
import { createServer } from 'node:net';

export const DEFAULT_SANDBOX_PORTS: Readonly<Record<string, number>> = {
  einvoiceGsp: 4101,
  einvoiceApi: 4102,
  zatca: 4103,
  tally: 4104,
  returnsGateway: 4105,
};

export function sandboxPortsFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, number> {
  const ports: Record<string, number> = { ...DEFAULT_SANDBOX_PORTS };
  for (const [key, value] of Object.entries(env)) {
    const match = /^SANDBOX_([A-Z0-9]+)_PORT$/.exec(key);
    if (!match || value === undefined || value === '') continue;
    const port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new SandboxPortError(`${key} must be a port number (0 for any free port), got "${value}"`);
    }
    const name = Object.keys(DEFAULT_SANDBOX_PORTS).find((service) => service.toUpperCase() === match[1]);
    ports[name ?? match[1]] = port;
  }
  return ports;
}

/** A sandbox port that is misconfigured or taken, said in one line. */
export class SandboxPortError extends Error {
  override readonly name = 'SandboxPortError';
}

/** Throws one clear line when a fixed port is already taken (by an earlier start still running, say). */
export async function assertPortsFree(ports: Record<string, number>, host = '127.0.0.1'): Promise<void> {
  for (const [service, port] of Object.entries(ports)) {
    if (port === 0) continue;
    await new Promise<void>((free, taken) => {
      const server = createServer();
      server.once('error', (error: NodeJS.ErrnoException) =>
        taken(
          new SandboxPortError(
            `sandbox service ${service} cannot listen on ${host}:${port} (${error.code ?? error.message}): stop what uses it or set SANDBOX_${service.toUpperCase()}_PORT (0: any free port)`,
          ),
        ),
      );
      server.listen(port, host, () => server.close(() => free()));
    });
  }
}
