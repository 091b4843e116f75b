/**
 * The real service (embedded PostgreSQL, HTTP) with reconciliation configured for one GSTIN and a CSV
 * purchase register written by the test with the shipped `india-purchases` profile. GSTR-2B reaches it
 * through the portal-JSON import route, so no gateway is called. Shared by the rules-* suites.
 */
import axios, { type AxiosInstance } from 'axios';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_RETURNS_ACCOUNTS } from '@erp-connector/sandbox/returns';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

export const RULES_GSTIN = DEFAULT_RETURNS_ACCOUNTS[0].gstin;

export const REGISTER_HEADER =
  'VoucherNo,SupplierGSTIN,SupplierName,BillNo,BillDate,DocType,TaxableValue,IGST,CGST,SGST,Cess,BillTotal,PlaceOfSupply,ReverseCharge';

export interface RulesApp {
  app: TestApp;
  api: AxiosInstance;
  close(): Promise<void>;
}

/**
 * `registers`: file name → CSV lines under `header` (REGISTER_HEADER unless given); `settings`: further
 * `reconciliation` settings (e.g. `matchShardRows`).
 */
export async function startRulesApp(
  registers: Record<string, string[]>,
  header = REGISTER_HEADER,
  settings: Record<string, unknown> = {},
): Promise<RulesApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rules-app-'));
  const purchaseDir = join(dataDir, 'purchases');
  mkdirSync(purchaseDir, { recursive: true });
  for (const [name, lines] of Object.entries(registers)) {
    writeFileSync(join(purchaseDir, name), [header, ...lines].join('\n'));
  }
  const account = DEFAULT_RETURNS_ACCOUNTS[0];
  const app = await startTestApp({
    dataDir,
    roles: ['api'],
    connectors: [{ name: 'books', kind: 'csv', config: { purchaseDir } }],
    config: {
      reconciliation: {
        enabled: true,
        checkEverySeconds: 3600,
        ...settings,
        gstins: [
          {
            gstin: RULES_GSTIN,
            connector: 'books',
            gateway: {
              // never called: every 2B of these suites is imported
              baseUrl: 'http://127.0.0.1:9',
              email: account.email,
              clientId: account.clientId,
              clientSecret: account.clientSecret,
              gstUsername: account.gstUsername,
              ipAddress: '10.1.2.3',
            },
          },
        ],
      },
    },
  });
  const api = axios.create({
    baseURL: app.url,
    headers: { 'x-api-key': TEST_API_KEY },
    validateStatus: () => true,
  });
  return {
    app,
    api,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface B2bInvoice {
  ctin: string;
  inum: string;
  /** dd-mm-yyyy, as the portal writes it. */
  dt: string;
  txval: number;
  igst?: number;
  cgst?: number;
  sgst?: number;
  rev?: 'Y' | 'N';
}

/** A portal GSTR-2B download ({chksum, data}) holding B2B invoices, shaped as the GSTN sample. */
export function portalB2b(period: string, invoices: readonly B2bInvoice[]): Record<string, unknown> {
  const bySupplier = new Map<string, B2bInvoice[]>();
  for (const invoice of invoices)
    bySupplier.set(invoice.ctin, [...(bySupplier.get(invoice.ctin) ?? []), invoice]);
  return {
    chksum: 'TESTCHECKSUM',
    data: {
      gstin: RULES_GSTIN,
      rtnprd: period,
      version: '1.0',
      gendt: `14-${String((Number(period.slice(0, 2)) % 12) + 1).padStart(2, '0')}-${period.slice(0, 2) === '12' ? Number(period.slice(2)) + 1 : period.slice(2)}`,
      docdata: {
        b2b: [...bySupplier.entries()].map(([ctin, inv]) => ({
          ctin,
          trdnm: `Supplier ${ctin.slice(2, 7)}`,
          supfildt: `11-${period.slice(0, 2)}-${period.slice(2)}`,
          supprd: period,
          inv: inv.map((i) => {
            const igst = i.igst ?? 0;
            const cgst = i.cgst ?? 0;
            const sgst = i.sgst ?? 0;
            return {
              inum: i.inum,
              typ: 'R',
              dt: i.dt,
              val: i.txval + igst + cgst + sgst,
              pos: ctin.slice(0, 2),
              rev: i.rev ?? 'N',
              itcavl: 'Y',
              rsn: '',
              diffprcnt: 1,
              srctyp: 'Upload',
              items: [{ num: 1, rt: 18, txval: i.txval, igst, cgst, sgst, cess: 0 }],
            };
          }),
        })),
      },
    },
  };
}
