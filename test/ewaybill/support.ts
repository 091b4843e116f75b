/** The in-ewaybill regime against a running sandbox: settings, invoices and a sleep that only records. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createEinvoiceProvider, type EinvoiceProviderConfig } from '../../src/regimes/in-einvoice';
import { createEwaybillRegime, type EwaybillRegime } from '../../src/regimes/in-ewaybill';
import { CollectingHttpLogger, InMemoryTokenStore } from '../../src/compliance/http';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import type { CanonicalInvoice, TransportDetails } from '../../src/domain/canonical-invoice';
import { DEFAULT_EINVOICE_ACCOUNTS, SANDBOX_GSTINS, type RunningSandbox } from '@erp-connector/sandbox';
import { uniqueDocNo } from '../einvoice/nic-invoice.fixture';
import { sandboxRegimeDefaults } from '../einvoice-e2e/support';
import { startTestApp, type TestApp } from '../support/test-app';

const account = DEFAULT_EINVOICE_ACCOUNTS[0];
export const SELLER = SANDBOX_GSTINS.karnatakaSeller;

export function ewaybillSettings(sandbox: RunningSandbox, catalog: 'A' | 'B'): Record<string, unknown> {
  return {
    catalog,
    baseUrl: catalog === 'A' ? sandbox.urls.einvoiceGsp : sandbox.urls.einvoiceApi,
    clientId: account.clientId,
    clientSecret: account.clientSecret,
    username: account.username,
    password: account.password,
    gstin: SELLER,
    email: 'ops@example.test',
    http: { timeoutMs: 1_500 },
  };
}

/** The process defaults of both India regimes at the sandbox (catalog A): each instance names its GSTIN. */
export function indiaRegimeDefaults(sandbox: RunningSandbox): Record<string, Record<string, unknown>> {
  const { gstin: _gstin, ...ewaybill } = ewaybillSettings(sandbox, 'A');
  return { ...sandboxRegimeDefaults(sandbox), 'in-ewaybill': ewaybill };
}

export function einvoiceSettings(sandbox: RunningSandbox): EinvoiceProviderConfig {
  return {
    catalog: 'A',
    baseUrl: sandbox.urls.einvoiceGsp,
    clientId: account.clientId,
    clientSecret: account.clientSecret,
    username: account.username,
    password: account.password,
    gstin: SELLER,
    email: 'ops@example.test',
    publicKeyPem: sandbox.einvoice.publicKeyPem,
    http: { timeoutMs: 1_500, maxAttempts: 1 },
  };
}

export interface RegimeUnderTest {
  regime: EwaybillRegime;
  sleeps: number[];
  log: CollectingHttpLogger;
}

/** The regime as buildRegimes makes it, with sleeps recorded instead of waited. */
export function regimeUnderTest(): RegimeUnderTest {
  const sleeps: number[] = [];
  const log = new CollectingHttpLogger();
  const tokenStore = new InMemoryTokenStore();
  const regime = createEwaybillRegime(
    {
      defaults: {},
      tokenStore,
      httpLogger: log,
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
    },
    (settings) => createEinvoiceProvider(settings as unknown as EinvoiceProviderConfig, { tokenStore }),
  );
  return { regime, sleeps, log };
}

/** Today in IST, YYYY-MM-DD. */
export function todayIso(now: Date): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The sample furniture sale from the sandbox's Karnataka seller, dated today, with `transport`. */
export function goodsSale(
  now: Date,
  transport?: TransportDetails,
  docNo = uniqueDocNo('EWB'),
): CanonicalInvoice {
  const invoice = sampleIndiaInvoice({ documentNumber: docNo, documentDate: todayIso(now) });
  invoice.seller.gstin = SELLER;
  if (transport) invoice.transport = transport;
  return invoice;
}

export interface EwaybillApp extends TestApp {
  inbox: string;
  outbox: string;
}

/**
 * The real app with one CSV connector whose regime is in-ewaybill: the shipped India profile plus
 * VehicleNo and Distance read into `transport`; `ewaybill` the regime's settings over the sandbox's.
 */
export async function startEwaybillApp(
  dataDir: string,
  ewaybill: Record<string, unknown>,
): Promise<EwaybillApp> {
  const profile = join(dataDir, 'india-b2b-transport.yaml');
  const shipped = readFileSync(
    resolve(__dirname, '..', '..', 'config', 'csv-profiles', 'india-b2b-lines.yaml'),
    'utf8',
  );
  const anchor = '  totals.invoiceTotal: InvoiceTotal\n';
  if (!shipped.includes(anchor)) throw new Error(`india-b2b-lines.yaml has no "${anchor.trim()}" line`);
  writeFileSync(
    profile,
    shipped
      .replace(/^name: .*$/m, 'name: india-b2b-transport')
      .replace(anchor, `${anchor}  transport.vehicleNumber: VehicleNo\n  transport.distanceKm: Distance\n`),
  );
  const inbox = join(dataDir, 'inbox');
  const outbox = join(dataDir, 'outbox');
  mkdirSync(inbox, { recursive: true });
  const app = await startTestApp({
    dataDir,
    regimeDefaults: { 'in-ewaybill': ewaybill },
    connectors: [
      {
        name: CSV_CONNECTOR,
        kind: 'csv',
        regimes: ['in-ewaybill'],
        config: {
          inboxDir: inbox,
          outboxDir: outbox,
          processedDir: join(dataDir, 'processed'),
          profile,
          pollIntervalMs: 3_600_000,
        },
        regimeSettings: { 'in-ewaybill': {} },
      },
    ],
  });
  return { ...app, inbox, outbox };
}

export const CSV_CONNECTOR = 'books';
