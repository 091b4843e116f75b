/**
 * Development only: starts the sandbox simulators in-process (tax APIs and a TallyPrime company), gives
 * the compliance clients provider defaults pointing at them, points Tally instances without a URL at
 * the simulated company, and, with no GSTIN configured for reconciliation, reconciles the sandbox's
 * returns account (sandbox-reconciliation.ts). The sandbox is its own package (packages/sandbox, `@erp-connector/sandbox`), loaded
 * here by a dynamic import only when the sandbox is enabled: nothing in src/ imports it statically (import
 * zones in eslint.config.mjs), the production build does not contain it, and a production image need not
 * have it installed.
 */
import { type INestApplication, Logger } from '@nestjs/common';
import { join, resolve } from 'node:path';
import type { AppConfig, ConnectorInstanceConfig } from '../config';
import type { RegimeDefaults, RegimePlugin, SandboxFacts } from '../compliance';
import { configureSandboxReconciliation, planSandboxReconciliation } from './sandbox-reconciliation';

type Sandbox = typeof import('@erp-connector/sandbox');
type TallySimulator = Awaited<ReturnType<Sandbox['startTallySimulator']>>;
type ReturnsGateway = import('@erp-connector/sandbox').ReturnsSimulatorHandle;

export interface DevelopmentSandbox {
  regimeDefaults: RegimeDefaults;
  /** The in-process sandbox's services and base URLs (development), for `/health` details. */
  sandboxServices?: Record<string, string>;
  /** What each regime sets up once the service runs (RegimeDevelopment.afterStart). */
  afterStart(app: INestApplication): Promise<void>;
  stop(): Promise<void>;
}

/** A sandbox port that is misconfigured or taken, said in one line at startup. */
export class DevelopmentSandboxError extends Error {
  override readonly name = 'DevelopmentSandboxError';
}

const DEMO_TALLY_VOUCHERS = 24;

/** `plugins`: the registered regimes, whose development hooks (RegimePlugin.development) it calls. */
export async function startDevelopmentSandbox(
  config: AppConfig,
  plugins: readonly RegimePlugin[],
): Promise<DevelopmentSandbox> {
  if (!config.sandbox.enabled) {
    return { regimeDefaults: {}, afterStart: () => Promise.resolve(), stop: () => Promise.resolve() };
  }
  const sandboxModule: Sandbox = await import('@erp-connector/sandbox');
  const { DEFAULT_EINVOICE_ACCOUNTS, DEFAULT_RETURNS_ACCOUNTS, startSandbox, startZatcaSimulator } =
    sandboxModule;
  const log = new Logger('Sandbox');
  let ports: ReturnType<Sandbox['sandboxPortsFromEnv']>;
  try {
    ports = sandboxModule.sandboxPortsFromEnv();
    await sandboxModule.assertPortsFree(ports);
  } catch (error) {
    if (error instanceof sandboxModule.SandboxPortError) throw new DevelopmentSandboxError(error.message);
    throw error;
  }
  const stateDir = resolve(config.server.dataDir, 'sandbox');
  const tally = await startDemoTally(
    sandboxModule,
    config.connectors.filter((c) => c.kind === 'tally' && !c.config.url),
    ports.tally,
    join(stateDir, 'tally', 'company.json'),
    plugins,
  );
  const account = DEFAULT_EINVOICE_ACCOUNTS[0];
  const sellerGstins = config.connectors.flatMap((c) =>
    c.regimes.flatMap((regime) => {
      const development = pluginOf(plugins, regime)?.development;
      return development?.sellerIds?.(c.regimeSettings[regime] ?? {}) ?? [];
    }),
  );
  const reconciliation = planSandboxReconciliation(config, DEFAULT_RETURNS_ACCOUNTS);
  const sandbox = await startSandbox({
    einvoice: { accounts: [{ ...account, gstins: [...new Set([...account.gstins, ...sellerGstins])] }] },
    returns: reconciliation && {
      accounts: [reconciliation.account],
      periods: [{ gstin: reconciliation.account.gstin, period: reconciliation.period }],
      generationDay: config.reconciliation.generationDay,
    },
    ports,
    stateDir,
  });
  if (reconciliation) {
    const { account, period } = reconciliation;
    const gateway = sandbox.simulators.find((s) => s.name === 'returns')?.handle as ReturnsGateway;
    const register = configureSandboxReconciliation(
      config,
      reconciliation,
      sandbox.urls[sandboxModule.RETURNS_SERVICE],
      gateway.period(account.gstin, period).book,
      stateDir,
    );
    log.log(
      `reconciliation of the sandbox GSTIN ${account.gstin} configured (GSTR-2B of ${period} seeded, ` +
        `purchase register ${register}); open its session with the sandbox OTP (README, Reconciliation)`,
    );
  }
  const zatca = await startZatcaSimulator({
    environment: 'simulation',
    port: ports.zatca,
    stateDir: join(stateDir, 'zatca'),
  });
  const services: Record<string, string> = { ...sandbox.urls, zatca: zatca.url };
  if (tally) services.tally = tally.url;
  log.log(
    [
      `sandbox simulators (development only; state kept in ${stateDir}; ports from SANDBOX_<SERVICE>_PORT):`,
      ...Object.entries(services).map(([service, url]) => `  ${service.padEnd(12)} ${url}`),
    ].join('\n'),
  );
  const facts: SandboxFacts = {
    urls: services,
    einvoiceAccount: {
      clientId: account.clientId,
      clientSecret: account.clientSecret,
      username: account.username,
      password: account.password,
    },
    einvoicePublicKeyPem: sandbox.einvoice.publicKeyPem,
    zatcaOtp: zatca.otp,
  };
  return {
    sandboxServices: services,
    regimeDefaults: sandboxRegimeDefaults(plugins, facts),
    afterStart: async (app) => {
      for (const plugin of plugins) {
        await plugin.development?.afterStart?.(app, config.connectors, facts, log);
      }
    },
    stop: async () => {
      await sandbox.stop();
      await zatca.stop();
      await tally?.stop();
    },
  };
}

function pluginOf(plugins: readonly RegimePlugin[], regime: string): RegimePlugin | undefined {
  return plugins.find((plugin) => plugin.descriptor.name === regime);
}

/** Provider settings pointing at the simulators: under every instance's own, as the process defaults. */
function sandboxRegimeDefaults(plugins: readonly RegimePlugin[], sandbox: SandboxFacts): RegimeDefaults {
  return Object.fromEntries(
    plugins.flatMap((plugin) =>
      plugin.development ? [[plugin.descriptor.name, plugin.development.defaults(sandbox)]] : [],
    ),
  );
}

/**
 * The process defaults the sandbox will give, before it is started (stand-ins for its URLs and its
 * account, which exist only once it runs): to check every instance's settings at boot before anything
 * starts. Empty with the sandbox disabled.
 */
export function plannedSandboxRegimeDefaults(
  config: AppConfig,
  plugins: readonly RegimePlugin[],
): RegimeDefaults {
  if (!config.sandbox.enabled) return {};
  const url = 'http://127.0.0.1:1';
  const planned = 'planned';
  return sandboxRegimeDefaults(plugins, {
    urls: new Proxy<Record<string, string>>({}, { get: () => url }),
    einvoiceAccount: { clientId: planned, clientSecret: planned, username: planned, password: planned },
    einvoicePublicKeyPem: planned,
    zatcaOtp: planned,
  });
}

/**
 * The instances as the sandbox will leave them: a Tally instance without a URL is pointed at the
 * simulated company and takes its GSTIN (any valid one stands in for it here). Unchanged with the
 * sandbox disabled.
 */
export function plannedSandboxInstances(
  config: AppConfig,
  plugins: readonly RegimePlugin[],
): ConnectorInstanceConfig[] {
  if (!config.sandbox.enabled) return config.connectors;
  return config.connectors.map((instance) => {
    if (instance.kind !== 'tally' || instance.config.url) return instance;
    return { ...instance, regimeSettings: fromSimulatedCompany(instance, PLANNED_GSTIN, plugins) };
  });
}

const PLANNED_GSTIN = '29AADCD4821K1ZI';

/** An instance's settings with what a simulated company gives each of its regimes underneath its own. */
function fromSimulatedCompany(
  instance: ConnectorInstanceConfig,
  gstin: string,
  plugins: readonly RegimePlugin[],
): ConnectorInstanceConfig['regimeSettings'] {
  const settings = { ...instance.regimeSettings };
  for (const regime of instance.regimes) {
    const given = pluginOf(plugins, regime)?.development?.fromSimulatedCompany?.({ gstin });
    if (given) settings[regime] = { ...given, ...settings[regime] };
  }
  return settings;
}

/** A simulated TallyPrime company for Tally instances declared without a URL. */
async function startDemoTally(
  sandbox: Sandbox,
  instances: ConnectorInstanceConfig[],
  port: number | undefined,
  stateFile: string,
  plugins: readonly RegimePlugin[],
): Promise<TallySimulator | undefined> {
  if (instances.length === 0) return undefined;
  const companyName =
    typeof instances[0].config.companyName === 'string' ? instances[0].config.companyName : 'Demo Traders';
  // Vouchers of the last three weeks, as a live company would have (the IRP refuses old documents).
  const booksFrom = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const tally = await sandbox.startTallySimulator({
    voucherCount: DEMO_TALLY_VOUCHERS,
    seed: 2026,
    companyName,
    days: 20,
    booksFrom,
    port,
    // The company keeps what the connector wrote back (IRNs) across restarts, as real books do.
    stateFile,
  });
  for (const instance of instances) {
    instance.config.url = tally.url;
    instance.regimeSettings = fromSimulatedCompany(instance, tally.company.gstin, plugins);
  }
  return tally;
}
