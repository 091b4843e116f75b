/**
 * E-way bills end to end: CSV postings -> documents in PostgreSQL -> in-ewaybill regime -> the sandbox's
 * e-way bill API (catalog A) -> ewbNo, date and validity written back into the result CSV. A posting that
 * needs a bill but has no transport details stops at MAPPING_FAILED naming the field; an answer lost after
 * the bill was made (dropped response) still ends with one bill.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { billsOfDocument, ruleValidTill } from './sandbox-bills';
import { istDateTime } from '../../src/domain';
import {
  documentDetail,
  readResultFile,
  SANDBOX_ACCOUNT,
  SELLER_GSTIN,
  settledDocuments,
  startEinvoiceSandbox,
} from '../einvoice-e2e/support';
import { api } from '../einvoice-e2e/support';
import { CSV_CONNECTOR as CONNECTOR, startEwaybillApp, type EwaybillApp } from './support';

const FILE = 'goods.csv';

function ewaybillDefaults(sandbox: RunningSandbox): Record<string, unknown> {
  return {
    catalog: 'A',
    baseUrl: sandbox.urls.einvoiceGsp,
    clientId: SANDBOX_ACCOUNT.clientId,
    clientSecret: SANDBOX_ACCOUNT.clientSecret,
    username: SANDBOX_ACCOUNT.username,
    password: SANDBOX_ACCOUNT.password,
    email: 'ops@example.com',
    gstin: SELLER_GSTIN,
    http: { timeoutMs: 2_000 },
  };
}

/** Intra-state bolts worth Rs 75,520 (over the Rs 50,000 threshold), dated today in India. */
function goodsRow(number: string, vehicleNo: string, distance: string): Record<string, string> {
  const [year, month, day] = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10).split('-');
  return {
    DocType: 'Tax Invoice',
    InvoiceNo: number,
    InvoiceDate: `${day}-${month}-${year}`,
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
    Qty: '10000',
    Unit: 'NOS',
    UnitPrice: '6.40',
    Discount: '0',
    TaxableValue: '64000.00',
    GSTRate: '18',
    IGST: '0.00',
    CGST: '5760.00',
    SGST: '5760.00',
    LineTotal: '75520.00',
    InvoiceTotal: '75520.00',
    VehicleNo: vehicleNo,
    Distance: distance,
  };
}

function csv(rows: Record<string, string>[]): string {
  const header = Object.keys(rows[0]);
  return (
    [header, ...rows.map((row) => header.map((column) => row[column]))]
      .map((cells) =>
        cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','),
      )
      .join('\n') + '\n'
  );
}

describe('e-way bills from CSV postings', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  let app: EwaybillApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    dataDir = mkdtempSync(join(tmpdir(), 'ewaybill-pipeline-'));
    app = await startEwaybillApp(dataDir, ewaybillDefaults(sandbox));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates one bill per posting, writes it back, and names what a posting without transport lacks', async () => {
    sandbox.einvoice.gsp.faults.queue({ path: 'genewaybill', fault: 'drop-after-commit', count: 1 });
    writeFileSync(
      join(app.inbox, FILE),
      csv([
        goodsRow('EWB/P/1', 'KA01AB1234', '150'),
        goodsRow('EWB/P/2', 'KA02CD5678', '410'),
        goodsRow('EWB/P/3', '', ''),
      ]),
    );
    const res = await api(app.url, `/connectors/${CONNECTOR}/pull`, { method: 'POST' });
    expect(res.status).toBe(202);
    const documents = await settledDocuments(app.url, 3, 60_000);
    // The dropped answer was looked up and adopted (the bill counts below show it was not made twice).
    expect(sandbox.einvoice.gsp.faults.applied.map((fault) => fault.fault)).toEqual(['drop-after-commit']);
    const byNumber = new Map(documents.map((doc) => [doc.docNumber, doc]));

    for (const [number, distance] of [
      ['EWB/P/1', 150],
      ['EWB/P/2', 410],
    ] as const) {
      const bills = billsOfDocument(sandbox, number);
      expect(bills).toHaveLength(1);
      const detail = await documentDetail(app.url, byNumber.get(number)!.id);
      const submission = (detail.submissions as Record<string, unknown>[])[0];
      expect(submission).toMatchObject({
        regime: 'in-ewaybill',
        state: 'WRITTEN_BACK',
        ewbNo: String(bills[0].ewbNo),
      });
      const row = readResultFile(app.outbox, FILE).find((r) => r.InvoiceNo === number)!;
      expect(row).toMatchObject({ Status: 'in-ewaybill: REGISTERED', EwbNo: String(bills[0].ewbNo) });
      expect(row.EwbDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(row.EwbValidUpto).toBe(istDateTime(ruleValidTill(bills[0].generatedAtMs, distance, false)));
    }

    const lacking = await documentDetail(app.url, byNumber.get('EWB/P/3')!.id);
    const failed = (lacking.submissions as Record<string, unknown>[])[0];
    expect(failed.state).toBe('MAPPING_FAILED');
    expect(failed.fieldErrors).toEqual([
      expect.objectContaining({ path: 'transport', rule: 'ewaybill.transportRequired' }),
    ]);
    expect(billsOfDocument(sandbox, 'EWB/P/3')).toHaveLength(0);
    // The e-way bill system's calls are counted in /metrics like every provider's.
    const metrics = await (await api(app.url, '/metrics')).text();
    expect(metrics).toMatch(
      /connector_provider_calls_total\{provider="[^"]*ewaybill[^"]*",operation="genewaybill",outcome="200"\} [1-9]/,
    );
  }, 90_000);
});

describe('catalog B without a lookup: answers lost after the bills were made', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  let app: EwaybillApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    dataDir = mkdtempSync(join(tmpdir(), 'ewaybill-pipeline-b-'));
    app = await startEwaybillApp(dataDir, {
      ...ewaybillDefaults(sandbox),
      catalog: 'B',
      baseUrl: sandbox.urls.einvoiceApi,
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('never sends a generate again: each document waits for an operator with one bill at the system', async () => {
    // Every generate (single or bulk) is applied, and its answer replaced by the provider's 502.
    sandbox.einvoice.api.faults.queue({ path: 'generate', fault: '502-after-commit', count: Infinity });
    writeFileSync(
      join(app.inbox, FILE),
      csv([goodsRow('EWB/B/1', 'KA01AB1234', '150'), goodsRow('EWB/B/2', 'KA02CD5678', '410')]),
    );
    expect((await api(app.url, `/connectors/${CONNECTOR}/pull`, { method: 'POST' })).status).toBe(202);
    const waiting = async () => {
      const res = await api(app.url, '/documents?limit=10');
      const items = ((await res.json()) as { items: { id: string }[] }).items;
      const details = await Promise.all(items.map((item) => documentDetail(app.url, item.id)));
      const submissions = details.flatMap((detail) => detail.submissions as Record<string, unknown>[]);
      return submissions.length === 2 && submissions.every((s) => s.errorCode === 'EWB_LOOKUP_REQUIRED')
        ? submissions
        : undefined;
    };
    let submissions: Record<string, unknown>[] | undefined;
    for (const started = Date.now(); !submissions && Date.now() - started < 30_000;) {
      submissions = await waiting();
      if (!submissions) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(submissions).toHaveLength(2);
    for (const submission of submissions!) {
      expect(submission).toMatchObject({ regime: 'in-ewaybill', state: 'RETRY' });
      expect(String(submission.errorMessage)).toMatch(/configure `lookup`/);
    }
    for (const number of ['EWB/B/1', 'EWB/B/2']) expect(billsOfDocument(sandbox, number)).toHaveLength(1);
    const sent = sandbox.einvoice.api.faults.applied.filter((fault) => /generate/.test(fault.url));
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(2);
  }, 60_000);
});
