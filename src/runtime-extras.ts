/**
 * What the process needs beyond the Nest app: in development, the sandbox simulators started
 * in-process (tax APIs and a TallyPrime company), provider defaults pointing the compliance clients at
 * them, and Tally instances without a URL pointed at the simulated company.
 */
import { Logger } from '@nestjs/common';
import type { AppConfig, ConnectorInstanceConfig } from './config/app-config';
import { DEFAULT_EINVOICE_ACCOUNTS } from './sandbox/einvoice/accounts';
import { startSandbox } from './sandbox/start-sandbox';
import { startTallySimulator, type TallySimulator } from './sandbox/tally';
import type { RegimeDefaults } from './sync/regime-wiring';

export interface RuntimeExtras {
  regimeDefaults: RegimeDefaults;
  stop(): Promise<void>;
}

const DEMO_TALLY_VOUCHERS = 24;

export async function startRuntimeExtras(config: AppConfig): Promise<RuntimeExtras> {
  if (!config.sandbox.enabled) return { regimeDefaults: {}, stop: () => Promise.resolve() };
  const log = new Logger('Sandbox');
  const tally = await startDemoTally(config.connectors.filter((c) => c.kind === 'tally' && !c.config.url));
  const account = DEFAULT_EINVOICE_ACCOUNTS[0];
  const sellerGstins = config.connectors
    .map((c) => c.regimeSettings['in-einvoice']?.gstin)
    .filter((g): g is string => typeof g === 'string');
  const sandbox = await startSandbox({
    einvoice: { accounts: [{ ...account, gstins: [...new Set([...account.gstins, ...sellerGstins])] }] },
  });
  log.log(`simulators running (development only): ${JSON.stringify({ ...sandbox.urls, tally: tally?.url })}`);
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
    stop: async () => {
      await sandbox.stop();
      await tally?.stop();
    },
  };
}

/** A simulated TallyPrime company for Tally instances declared without a URL. */
async function startDemoTally(instances: ConnectorInstanceConfig[]): Promise<TallySimulator | undefined> {
  if (instances.length === 0) return undefined;
  const companyName =
    typeof instances[0].config.companyName === 'string' ? instances[0].config.companyName : 'Demo Traders';
  const tally = await startTallySimulator({
    voucherCount: DEMO_TALLY_VOUCHERS,
    seed: 2026,
    companyName,
    days: 20,
  });
  for (const instance of instances) {
    instance.config.url = tally.url;
    const einvoice = (instance.regimeSettings['in-einvoice'] ??= {});
    einvoice.gstin ??= tally.company.gstin;
  }
  return tally;
}
