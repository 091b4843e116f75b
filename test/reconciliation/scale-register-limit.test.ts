/**
 * A purchase register the CSV connector refuses (over its row limit) never gives a completed
 * reconciliation (issue 28): before, the file was skipped with a log line and the run completed with
 * every GSTR-2B document `missing-in-books`. Now the import's run fails (422, code
 * `purchases-incomplete`) naming the file and the setting, is recorded failed, and stores no verdicts;
 * the purchase-side limit is its own setting, sized for a real register by default.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import axios, { type AxiosInstance } from 'axios';
import { CONSOLE_WEB_DIR } from '../../src/console/assets';
import { CsvConnectorConfig } from '../../src/connectors/csv/csv.config';
import { TEST_API_KEY } from '../support/test-app';
import { RECO_GSTIN, RECO_PERIOD, startRecoApp, type RecoApp } from './reco-app';
import { portalFile } from './scale-portal-file';

let reco: RecoApp;
let api: AxiosInstance;

beforeAll(async () => {
  // The seeded register has more rows than this: the file is refused as too large.
  reco = await startRecoApp({ csv: { purchaseMaxFileRows: 3 } });
  api = axios.create({
    baseURL: reco.app.url,
    headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
    validateStatus: () => true,
    maxBodyLength: Infinity,
  });
}, 120_000);

afterAll(async () => {
  await reco?.close();
});

describe('a purchase register over its row limit', () => {
  it('fails the run loudly, names the file and the limit, and stores no verdicts', async () => {
    expect(reco.seeded.book.length).toBeGreaterThan(3);
    const imported = await api.post<{ code: string; errorClass: string; message: string }>(
      `/reconciliation/${RECO_GSTIN}/import?operator=asha`,
      Buffer.from(portalFile(2, 5)),
    );
    expect(imported.status).toBe(422);
    expect(imported.data.code).toBe('purchases-incomplete');
    expect(imported.data.message).toMatch(/purchases-2026-10\.csv/);
    expect(imported.data.message).toMatch(/purchaseMaxFileRows/);

    const runs = await api.get<{ state: string; error: string | null; errorClass: string | null }[]>(
      '/reconciliation/runs',
      { params: { gstin: RECO_GSTIN, period: RECO_PERIOD } },
    );
    expect(runs.status).toBe(200);
    expect(runs.data.map((r) => r.state)).toEqual(['failed']);
    expect(runs.data[0].errorClass).toBe('rejected');
    expect(runs.data[0].error).toMatch(/purchase register not read whole/);

    // The report says the period's last run failed and why; the console's summary line shows it.
    const report = await api.get<{ matches: unknown[]; lastRun: { state: string; error: string | null } }>(
      `/reconciliation/${RECO_GSTIN}/${RECO_PERIOD}`,
    );
    expect(report.status).toBe(200);
    expect(report.data.matches).toHaveLength(0);
    expect(report.data.lastRun.state).toBe('failed');
    expect(report.data.lastRun.error).toMatch(/purchaseMaxFileRows/);
    const logic = runInNewContext(
      `${readFileSync(join(CONSOLE_WEB_DIR, 'reco-logic.js'), 'utf8')}; RecoLogic`,
      {},
    ) as { summaryLine(report: unknown): string };
    expect(logic.summaryLine(report.data)).toMatch(
      /^Last run failed \(import:asha, .*purchase register not read whole .*purchaseMaxFileRows.*earlier run/,
    );
  });

  it('sizes the purchase-side limit for a real register by default', () => {
    const defaults = new CsvConnectorConfig();
    expect(defaults.purchaseMaxFileRows).toBeGreaterThanOrEqual(1_000_000);
    // The sales side keeps its batch-sized limit.
    expect(defaults.maxFileRows).toBe(50_000);
  });
});

describe('a purchase register with a row that belongs to no record', () => {
  let rows: RecoApp;
  let client: AxiosInstance;

  beforeAll(async () => {
    // Second file: one bill without a bill number (the row is in no record), one readable bill.
    rows = await startRecoApp({
      extraRegister: [
        'VoucherNo,SupplierGSTIN,SupplierName,BillNo,BillDate,DocType,TaxableValue,IGST,CGST,SGST,Cess,BillTotal',
        'PV-X1,27AAACX9999X1ZI,Extra Traders,,05-10-2026,INV,1000.00,180.00,0,0,0,1180.00',
        'PV-X2,27AAACX9999X1ZI,Extra Traders,EX-2,06-10-2026,INV,1000.00,180.00,0,0,0,1180.00',
      ].join('\n'),
    });
    client = axios.create({
      baseURL: rows.app.url,
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
      validateStatus: () => true,
      maxBodyLength: Infinity,
    });
  }, 120_000);

  afterAll(async () => {
    await rows?.close();
  });

  it('reports the row as an unreadable purchase with its reason, rather than leaving it out', async () => {
    const imported = await client.post(
      `/reconciliation/${RECO_GSTIN}/import?operator=asha`,
      Buffer.from(portalFile(2, 5)),
    );
    expect(imported.status).toBe(200);
    const report = await client.get<{
      unreadablePurchases: { erpId: string; fieldErrors: { message: string }[] }[];
    }>(`/reconciliation/${RECO_GSTIN}/${RECO_PERIOD}`);
    expect(report.data.unreadablePurchases).toEqual([
      expect.objectContaining({
        fieldErrors: [
          expect.objectContaining({
            message: expect.stringMatching(/BillNo: empty, so the row belongs to no document/),
          }),
        ],
      }),
    ]);
  });
});
