/**
 * The real service with GSTR-2B reconciliation configured for one GSTIN: the sandbox return gateway
 * over HTTP (seeded with a period whose expected verdicts it knows), a CSV purchase register written
 * from the gateway's seeded book, embedded Postgres. Shared by the CLI and console tests.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import {
  DEFAULT_RETURNS_ACCOUNTS,
  RETURNS_SERVICE,
  type ReturnsSimulatorHandle,
  type SeededPeriod,
} from '@erp-connector/sandbox/returns';
import axios, { type AxiosInstance } from 'axios';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

export const RECO_ACCOUNT = DEFAULT_RETURNS_ACCOUNTS[0];
export const RECO_GSTIN = RECO_ACCOUNT.gstin;
export const RECO_PERIOD = '102026';
const NOW = new Date('2026-11-20T06:00:00Z');

export interface RecoApp {
  app: TestApp;
  sandbox: RunningSandbox;
  gateway: ReturnsSimulatorHandle;
  seeded: SeededPeriod;
  close(): Promise<void>;
}

/** `supplierName` replaces the first book row's supplier name (a hostile one, for the exports). */
export async function startRecoApp(
  options: {
    firstSupplierName?: string;
    csv?: Record<string, unknown>;
    /** Another register file in the purchase folder, as written. */
    extraRegister?: string;
  } = {},
): Promise<RecoApp> {
  const sandbox = await startSandbox({
    only: ['returns'],
    rateLimit: { limit: 0, windowMs: 60_000 },
    returns: { periods: [{ gstin: RECO_GSTIN, period: RECO_PERIOD }] },
  });
  sandbox.clock.set(NOW);
  const gateway = sandbox.simulators.find((s) => s.name === 'returns')!.handle as ReturnsSimulatorHandle;
  const seeded = gateway.period(RECO_GSTIN, RECO_PERIOD);
  const dataDir = mkdtempSync(join(tmpdir(), 'reco-app-'));
  const purchaseDir = join(dataDir, 'purchases');
  mkdirSync(purchaseDir, { recursive: true });
  writeFileSync(join(purchaseDir, 'purchases-2026-10.csv'), register(seeded.book, options.firstSupplierName));
  if (options.extraRegister !== undefined)
    writeFileSync(join(purchaseDir, 'purchases-2026-10-extra.csv'), options.extraRegister);
  const app = await startTestApp({
    dataDir,
    roles: ['api'],
    connectors: [{ name: 'books', kind: 'csv', config: { purchaseDir, ...options.csv } }],
    config: {
      reconciliation: {
        enabled: true,
        checkEverySeconds: 3600,
        gstins: [
          {
            gstin: RECO_GSTIN,
            connector: 'books',
            gateway: {
              baseUrl: sandbox.urls[RETURNS_SERVICE],
              email: RECO_ACCOUNT.email,
              clientId: RECO_ACCOUNT.clientId,
              clientSecret: RECO_ACCOUNT.clientSecret,
              gstUsername: RECO_ACCOUNT.gstUsername,
              ipAddress: '10.1.2.3',
            },
          },
        ],
      },
    },
  });
  return {
    app,
    sandbox,
    gateway,
    seeded,
    async close() {
      await app.close();
      await sandbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function register(book: SeededPeriod['book'], firstSupplierName?: string): string {
  const header =
    'VoucherNo,SupplierGSTIN,SupplierName,BillNo,BillDate,DocType,TaxableValue,IGST,CGST,SGST,Cess,BillTotal';
  const lines = book.map((r, i) =>
    [
      r.VoucherNo,
      r.SupplierGSTIN,
      i === 0 && firstSupplierName !== undefined ? firstSupplierName : r.SupplierName,
      r.BillNo,
      r.BillDate,
      r.DocType,
      r.TaxableValue,
      r.IGST,
      r.CGST,
      r.SGST,
      r.Cess,
      r.BillTotal,
    ].join(','),
  );
  return [header, ...lines].join('\n');
}

/** The service's API with the test key, answering every status (the tests read it). */
export function recoApi(reco: RecoApp): AxiosInstance {
  return axios.create({
    baseURL: reco.app.url,
    headers: { 'x-api-key': TEST_API_KEY },
    validateStatus: () => true,
  });
}
