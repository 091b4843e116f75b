/**
 * What the process needs beyond the Nest app: in development, the sandbox simulators started
 * in-process, and provider defaults pointing the compliance clients at them.
 */
import { Logger } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { DEFAULT_EINVOICE_ACCOUNTS } from './sandbox/einvoice/accounts';
import { startSandbox } from './sandbox/start-sandbox';
import type { RegimeDefaults } from './sync/regime-wiring';

export interface RuntimeExtras {
  regimeDefaults: RegimeDefaults;
  stop(): Promise<void>;
}

export async function startRuntimeExtras(config: AppConfig): Promise<RuntimeExtras> {
  if (!config.sandbox.enabled) return { regimeDefaults: {}, stop: () => Promise.resolve() };
  const account = DEFAULT_EINVOICE_ACCOUNTS[0];
  const sellerGstins = config.connectors
    .map((c) => c.regimeSettings['in-einvoice']?.gstin)
    .filter((g): g is string => typeof g === 'string');
  const sandbox = await startSandbox({
    einvoice: { accounts: [{ ...account, gstins: [...new Set([...account.gstins, ...sellerGstins])] }] },
  });
  new Logger('Sandbox').log(`simulators running (development only): ${JSON.stringify(sandbox.urls)}`);
  return {
    regimeDefaults: {
      'in-einvoice': {
        catalog: 'A',
        baseUrl: sandbox.urls.einvoiceGsp,
        clientId: account.clientId,
        clientSecret: account.clientSecret,
        username: account.username,
        password: account.password,
        email: 'ops@example.com',
        publicKeyPem: sandbox.einvoice.publicKeyPem,
      },
    },
    stop: () => sandbox.stop(),
  };
}
