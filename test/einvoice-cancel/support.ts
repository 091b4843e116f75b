/**
 * Cancelling IRNs end to end: the sample's seller with invoices written here, some with transport
 * details so the IRP generates an e-way bill together with the IRN (EwbDtls). The CSV profile is the
 * shipped one plus transport columns; the app is the real one on the sandbox IRP (catalog A).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { api, sandboxRegimeDefaults, SELLER_GSTIN } from '../einvoice-e2e/support';
import { startTestApp, type TestApp } from '../support/test-app';

export const CONNECTOR = 'books';
/** Client retries kept short so a failing lookup gives up quickly. */
export const HTTP_POLICY = { maxAttempts: 2, backoffBaseMs: 20, backoffMaxMs: 40 };

export interface CancelApp extends TestApp {
  inbox: string;
  outbox: string;
}

/** The app with one CSV connector whose profile reads VehicleNo and Distance into `transport`. */
export async function startCancelApp(
  sandbox: RunningSandbox,
  dataDir: string,
  einvoiceSettings: Record<string, unknown> = {},
): Promise<CancelApp> {
  const profile = join(dataDir, 'india-b2b-transport.yaml');
  writeFileSync(profile, transportProfile());
  const inbox = join(dataDir, 'inbox');
  const outbox = join(dataDir, 'outbox');
  mkdirSync(inbox, { recursive: true });
  const app = await startTestApp({
    dataDir,
    regimeDefaults: sandboxRegimeDefaults(sandbox, HTTP_POLICY),
    connectors: [
      {
        name: CONNECTOR,
        kind: 'csv',
        regimes: ['in-einvoice'],
        config: {
          inboxDir: inbox,
          outboxDir: outbox,
          processedDir: join(dataDir, 'processed'),
          profile,
          pollIntervalMs: 3_600_000,
        },
        regimeSettings: { 'in-einvoice': { gstin: SELLER_GSTIN, ...einvoiceSettings } },
      },
    ],
  });
  return { ...app, inbox, outbox };
}

function transportProfile(): string {
  const shipped = readFileSync(
    resolve(__dirname, '..', '..', 'config', 'csv-profiles', 'india-b2b-lines.yaml'),
    'utf8',
  );
  const anchor = '  totals.invoiceTotal: InvoiceTotal\n';
  if (!shipped.includes(anchor)) throw new Error(`india-b2b-lines.yaml has no "${anchor.trim()}" line`);
  return shipped
    .replace(/^name: .*$/m, 'name: india-b2b-transport')
    .replace(anchor, `${anchor}  transport.vehicleNumber: VehicleNo\n  transport.distanceKm: Distance\n`);
}

export interface TestInvoice {
  number: string;
  /** A vehicle makes the IRP generate an e-way bill with the IRN. */
  vehicleNo?: string;
}

/** One-line intra-state (Karnataka) goods invoices, dated three days ago in India. */
export function invoicesCsv(invoices: TestInvoice[]): string {
  const date = indianDate(Date.now() - 3 * 24 * 3600_000);
  const rows = invoices.map((invoice) => invoiceRow(invoice, date));
  const header = Object.keys(rows[0]);
  const lines = [header, ...rows.map((row) => header.map((column) => row[column]))];
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\n') + '\n';
}

function invoiceRow(invoice: TestInvoice, date: string): Record<string, string> {
  return {
    DocType: 'Tax Invoice',
    InvoiceNo: invoice.number,
    InvoiceDate: date,
    SellerGSTIN: SELLER_GSTIN,
    SellerName: 'Deccan Fasteners and Tools Pvt Ltd',
    SellerAddress: 'Plot 14, 2nd Phase, Peenya Industrial Area',
    SellerCity: 'Bengaluru',
    SellerPIN: '560058',
    BuyerGSTIN: '29AAFCM7314Q1ZT',
    BuyerName: 'Mysore Auto Components Ltd',
    BuyerAddress: '42-B, Hebbal Industrial Area',
    BuyerCity: 'Mysuru',
    BuyerPIN: '570016',
    BuyerState: 'Karnataka',
    PlaceOfSupply: 'Karnataka',
    LineNo: '1',
    ItemDescription: 'Hex bolt M12x60 HT 8.8 zinc plated',
    HSN: '73181500',
    Qty: '100',
    Unit: 'NOS',
    // With a vehicle the goods need an e-way bill (over Rs 50,000): only then is EwbDtls sent with the IRN.
    ...(invoice.vehicleNo
      ? { UnitPrice: '640.00', Discount: '0', TaxableValue: '64000.00', GSTRate: '18', IGST: '0.00' }
      : { UnitPrice: '6.40', Discount: '0', TaxableValue: '640.00', GSTRate: '18', IGST: '0.00' }),
    ...(invoice.vehicleNo
      ? { CGST: '5760.00', SGST: '5760.00', LineTotal: '75520.00', InvoiceTotal: '75520.00' }
      : { CGST: '57.60', SGST: '57.60', LineTotal: '755.20', InvoiceTotal: '755.20' }),
    VehicleNo: invoice.vehicleNo ?? '',
    Distance: invoice.vehicleNo ? '120' : '',
  };
}

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** DD-MM-YYYY of the calendar day in India (UTC+05:30) at `ms`. */
function indianDate(ms: number): string {
  const iso = new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return `${day}-${month}-${year}`;
}

/** Writes the invoices as `fileName` in the inbox and asks the connector to pull. */
export async function dropAndPull(app: CancelApp, fileName: string, invoices: TestInvoice[]): Promise<void> {
  writeFileSync(join(app.inbox, fileName), invoicesCsv(invoices));
  const res = await api(app.url, `/connectors/${CONNECTOR}/pull`, { method: 'POST' });
  if (res.status !== 202) throw new Error(`pull refused: HTTP ${res.status} ${await res.text()}`);
}

export function cancelRequest(submissionId: string, body: Record<string, unknown>, baseUrl: string) {
  return api(baseUrl, `/submissions/${submissionId}/cancel`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}
