/** The in-ewaybill regime against a running sandbox: settings, invoices and a sleep that only records. */
import { createEinvoiceProvider, type EinvoiceProviderConfig } from '../../src/compliance/einvoice';
import { createEwaybillRegime, type EwaybillRegime } from '../../src/compliance/ewaybill';
import { CollectingHttpLogger, InMemoryTokenStore } from '../../src/compliance/http';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import type { CanonicalInvoice, TransportDetails } from '../../src/domain/canonical-invoice';
import { DEFAULT_EINVOICE_ACCOUNTS, SANDBOX_GSTINS, type RunningSandbox } from '../../src/sandbox';
import { uniqueDocNo } from '../einvoice/nic-invoice.fixture';

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
