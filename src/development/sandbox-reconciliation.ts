/**
 * Development only: with no GSTIN configured for reconciliation, the sandbox's returns account is
 * reconciled. Its GSTIN, the in-process return gateway and the account's credentials are configured,
 * and a CSV instance reads a purchase register written from the gateway's seeded book of the newest
 * period whose GSTR-2B exists, so that GSTR-2B and books differ by the seeded, known differences.
 * The session still needs the operator's OTP (the sandbox's is documented in the README).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AppConfig,
  ConnectorInstanceConfig,
  ReconciledGstinConfig,
  ReturnGatewayConfig,
} from '../config';
import { latestGeneratedPeriod } from '../reconciliation';

type SandboxReturns = typeof import('@erp-connector/sandbox/returns');
type ReturnsAccount = SandboxReturns['DEFAULT_RETURNS_ACCOUNTS'][number];
type SeededPurchase = ReturnType<SandboxReturns['seedPurchaseBook']>['book'][number];

/** The connector instance that reads the seeded purchase register. */
export const SANDBOX_PURCHASES_CONNECTOR = 'sandbox-purchases';

/** The columns of the india-purchases profile the seeded book fills, in the register's order. */
const REGISTER_COLUMNS: readonly (keyof SeededPurchase)[] = [
  'VoucherNo',
  'SupplierGSTIN',
  'SupplierName',
  'BillNo',
  'BillDate',
  'DocType',
  'TaxableValue',
  'IGST',
  'CGST',
  'SGST',
  'Cess',
  'BillTotal',
];

export interface SandboxReconciliationPlan {
  account: ReturnsAccount;
  /** MMYYYY the gateway is seeded with. */
  period: string;
}

/**
 * What the sandbox reconciles, or undefined when the configuration names GSTINs of its own (they are
 * left as they are). Decided before the gateway starts, which is seeded with the period.
 */
export function planSandboxReconciliation(
  config: AppConfig,
  accounts: readonly ReturnsAccount[],
  now: Date = new Date(),
): SandboxReconciliationPlan | undefined {
  if (config.reconciliation.gstins.length > 0 || accounts.length === 0) return undefined;
  if (config.connectors.some((instance) => instance.name === SANDBOX_PURCHASES_CONNECTOR)) return undefined;
  return { account: accounts[0], period: latestGeneratedPeriod(now, config.reconciliation.generationDay) };
}

/**
 * Writes the seeded purchase register under `<dataDir>/sandbox/purchases` and configures the GSTIN, its
 * gateway and the CSV instance reading it. Returns the register file's path.
 */
export function configureSandboxReconciliation(
  config: AppConfig,
  plan: SandboxReconciliationPlan,
  gatewayUrl: string,
  book: readonly SeededPurchase[],
  stateDir: string,
): string {
  const purchaseDir = join(stateDir, 'purchases');
  mkdirSync(purchaseDir, { recursive: true });
  const file = join(purchaseDir, `purchases-${plan.account.gstin}-${plan.period}.csv`);
  writeFileSync(file, purchaseRegister(book));

  config.connectors.push(
    Object.assign(new ConnectorInstanceConfig(), {
      name: SANDBOX_PURCHASES_CONNECTOR,
      kind: 'csv',
      config: { purchaseDir },
    }),
  );
  const { account } = plan;
  config.reconciliation.gstins.push(
    Object.assign(new ReconciledGstinConfig(), {
      gstin: account.gstin,
      connector: SANDBOX_PURCHASES_CONNECTOR,
      gateway: Object.assign(new ReturnGatewayConfig(), {
        baseUrl: gatewayUrl,
        email: account.email,
        clientId: account.clientId,
        clientSecret: account.clientSecret,
        gstUsername: account.gstUsername,
      }),
    }),
  );
  return file;
}

function purchaseRegister(book: readonly SeededPurchase[]): string {
  const lines = [REGISTER_COLUMNS, ...book.map((row) => REGISTER_COLUMNS.map((column) => row[column]))];
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\n') + '\n';
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
