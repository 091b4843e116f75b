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
import { PostgresEgsCredentialStore } from '../regimes/sa-zatca/storage';
import type { AppConfig, ConnectorInstanceConfig } from '../config';
import type { RegimeDefaults } from '../compliance';
import { demoEgsUnit } from '../regimes/sa-zatca/fixtures';
import { ZatcaReonboarding } from '../regimes/sa-zatca/reporting';
import { configureSandboxReconciliation, planSandboxReconciliation } from './sandbox-reconciliation';

type Sandbox = typeof import('@erp-connector/sandbox');
type TallySimulator = Awaited<ReturnType<Sandbox['startTallySimulator']>>;
type ReturnsGateway = import('@erp-connector/sandbox').ReturnsSimulatorHandle;

export interface DevelopmentSandbox {
  regimeDefaults: RegimeDefaults;
  /** The in-process sandbox's services and base URLs (development), for `/health` details. */
  sandboxServices?: Record<string, string>;
  /** Onboards the EGS units that KSA instances name, against the simulator. */
  afterStart(app: INestApplication): Promise<void>;
  stop(): Promise<void>;
}

/** A sandbox port that is misconfigured or taken, said in one line at startup. */
export class DevelopmentSandboxError extends Error {
  override readonly name = 'DevelopmentSandboxError';
}

const DEMO_TALLY_VOUCHERS = 24;

export async function startDevelopmentSandbox(config: AppConfig): Promise<DevelopmentSandbox> {
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
  );
  const account = DEFAULT_EINVOICE_ACCOUNTS[0];
  const sellerGstins = config.connectors
    .flatMap((c) => [c.regimeSettings['in-einvoice']?.gstin, c.regimeSettings['in-ewaybill']?.gstin])
    .filter((g): g is string => typeof g === 'string');
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
  return {
    sandboxServices: services,
    regimeDefaults: sandboxRegimeDefaults(
      { einvoiceGsp: sandbox.urls.einvoiceGsp, zatca: zatca.url },
      account,
      sandbox.einvoice.publicKeyPem,
    ),
    afterStart: (app) => onboardDemoEgsUnits(app, config.connectors, zatca.otp, log),
    stop: async () => {
      await sandbox.stop();
      await zatca.stop();
      await tally?.stop();
    },
  };
}

type EinvoiceAccount = Pick<
  Sandbox['DEFAULT_EINVOICE_ACCOUNTS'][number],
  'clientId' | 'clientSecret' | 'username' | 'password'
>;

/** Provider settings pointing at the simulators: under every instance's own, as the process defaults. */
function sandboxRegimeDefaults(
  urls: { einvoiceGsp: string; zatca: string },
  account: EinvoiceAccount,
  publicKeyPem: string,
): RegimeDefaults {
  const gateway = {
    catalog: 'A',
    baseUrl: urls.einvoiceGsp,
    clientId: account.clientId,
    clientSecret: account.clientSecret,
    username: account.username,
    password: account.password,
    email: 'ops@example.com',
  };
  return {
    'in-einvoice': { ...gateway, publicKeyPem },
    // The instance names its GSTIN (regimeSettings.in-ewaybill.gstin), as for in-einvoice.
    'in-ewaybill': gateway,
    'sa-zatca': { baseUrl: urls.zatca },
  };
}

/**
 * The process defaults the sandbox will give, before it is started (stand-ins for its URLs and its
 * account, which exist only once it runs): to check every
 * instance's settings at boot before anything starts. Empty with the sandbox disabled.
 */
export function plannedSandboxRegimeDefaults(config: AppConfig): RegimeDefaults {
  if (!config.sandbox.enabled) return {};
  const url = 'http://127.0.0.1:1';
  const planned = 'planned';
  return sandboxRegimeDefaults(
    { einvoiceGsp: url, zatca: url },
    { clientId: planned, clientSecret: planned, username: planned, password: planned },
    planned,
  );
}

/**
 * The instances as the sandbox will leave them: a Tally instance without a URL is pointed at the
 * simulated company and takes its GSTIN (any valid one stands in for it here). Unchanged with the
 * sandbox disabled.
 */
export function plannedSandboxInstances(config: AppConfig): ConnectorInstanceConfig[] {
  if (!config.sandbox.enabled) return config.connectors;
  return config.connectors.map((instance) => {
    if (instance.kind !== 'tally' || instance.config.url) return instance;
    const einvoice = instance.regimeSettings['in-einvoice'] ?? {};
    return {
      ...instance,
      regimeSettings: { ...instance.regimeSettings, 'in-einvoice': { gstin: PLANNED_GSTIN, ...einvoice } },
    };
  });
}

const PLANNED_GSTIN = '29AADCD4821K1ZI';

/**
 * Development: onboards, against the simulator, each EGS unit a KSA instance names that has no CSID
 * yet or whose CSID the simulator refused (then its waiting invoices go on, as after an operator's).
 */
export async function onboardDemoEgsUnits(
  app: Pick<INestApplication, 'get'>,
  connectors: readonly Pick<ConnectorInstanceConfig, 'regimes' | 'regimeSettings'>[],
  otp: string,
  log: Pick<Logger, 'log'>,
): Promise<void> {
  const units = connectors
    .filter((c) => c.regimes.includes('sa-zatca'))
    .map((c) => c.regimeSettings['sa-zatca']?.egsUnitId)
    .filter((id): id is string => typeof id === 'string');
  const onboarding = app.get(ZatcaReonboarding);
  const store = app.get(PostgresEgsCredentialStore);
  for (const egsUnitId of new Set(units)) {
    const production = (await store.get(egsUnitId))?.production;
    if (production && !production.refusedAt) continue;
    const result = await onboarding.onboard(demoEgsUnit(egsUnitId), otp);
    log.log(
      `EGS unit ${egsUnitId} ${production ? 'onboarded again' : 'onboarded'} with the ZATCA simulator: ` +
        `${result.state} (${result.reissuedSimplifiedInvoices} simplified invoice(s) re-issued, ` +
        `${result.releasedSubmissions} held submission(s) released)`,
    );
  }
}

/** A simulated TallyPrime company for Tally instances declared without a URL. */
async function startDemoTally(
  sandbox: Sandbox,
  instances: ConnectorInstanceConfig[],
  port: number | undefined,
  stateFile: string,
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
    const einvoice = (instance.regimeSettings['in-einvoice'] ??= {});
    einvoice.gstin ??= tally.company.gstin;
  }
  return tally;
}
