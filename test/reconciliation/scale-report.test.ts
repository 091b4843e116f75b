/**
 * The report of a large period in pages, and its files streamed (issue 28, finding 12 and supplier
 * follow-up): 3,000 GSTR-2B documents read back in pages of 1,000 with every row once and the totals of
 * the whole period on each page; an unknown cursor refused; the CSV export and the supplier statements
 * (one supplier's CSV and XLSX, a workbook with a sheet per supplier) hold every open row.
 */
import axios, { type AxiosInstance } from 'axios';
import { parse } from 'csv-parse/sync';
import { Workbook } from 'exceljs';
import { TEST_API_KEY } from '../support/test-app';
import { RECO_GSTIN, RECO_PERIOD, startRecoApp, type RecoApp } from './reco-app';
import { portalFile, supplierGstin } from './scale-portal-file';

let reco: RecoApp;
let api: AxiosInstance;
const SUPPLIERS = 30;
const PER_SUPPLIER = 100;

interface Page {
  categories: Record<string, { count: number; itcAtStake: string }>;
  matches: { id: string; supplierGstin: string; category: string }[];
  page: { limit: number; total: number; nextCursor: string | null };
}

beforeAll(async () => {
  reco = await startRecoApp();
  api = axios.create({
    baseURL: reco.app.url,
    headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
    validateStatus: () => true,
    maxBodyLength: Infinity,
  });
  const imported = await api.post(
    `/reconciliation/${RECO_GSTIN}/import?operator=asha`,
    Buffer.from(portalFile(SUPPLIERS, PER_SUPPLIER)),
  );
  expect(imported.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await reco?.close();
});

const base = `/reconciliation/${RECO_GSTIN}/${RECO_PERIOD}`;

describe('the report of a large period', () => {
  it('comes in pages, every row once, with the totals of the whole period on each page', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    let total = 0;
    do {
      const response: { data: Page; status: number } = await api.get<Page>(base, {
        params: { limit: 1000, cursor: cursor ?? undefined },
      });
      expect(response.status).toBe(200);
      expect(response.data.matches.length).toBeLessThanOrEqual(1000);
      for (const m of response.data.matches) {
        expect(seen.has(m.id)).toBe(false);
        seen.add(m.id);
      }
      total = response.data.page.total;
      expect(Object.values(response.data.categories).reduce((n, c) => n + c.count, 0)).toBe(total);
      cursor = response.data.page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(total).toBeGreaterThanOrEqual(SUPPLIERS * PER_SUPPLIER);
    expect(seen.size).toBe(total);
    expect(pages).toBe(Math.ceil(total / 1000));
    const first = await api.get<Page>(base);
    expect(first.data.matches).toHaveLength(500);
  });

  it('refuses a cursor it did not give, and a page larger than 5,000', async () => {
    expect((await api.get(base, { params: { cursor: 'bm90LWEtY3Vyc29y' } })).status).toBe(400);
    expect((await api.get(base, { params: { limit: 5001 } })).status).toBe(400);
  });

  it('streams the CSV export with every row', async () => {
    const csv = await api.get<string>(`${base}/export.csv`, { responseType: 'text' });
    expect(csv.status).toBe(200);
    const rows: string[][] = parse(csv.data, { bom: true });
    const page = await api.get<Page>(base, { params: { limit: 1 } });
    expect(rows.length - 1).toBe(page.data.page.total);
  });

  it('gives a statement per supplier of what is open, as CSV, XLSX and one workbook of every supplier', async () => {
    const supplier = supplierGstin(3);
    const csv = await api.get<string>(`${base}/suppliers/${supplier}/statement.csv`, {
      responseType: 'text',
    });
    expect(csv.status).toBe(200);
    const rows: string[][] = parse(csv.data, { bom: true });
    expect(rows[0][0]).toBe('What we ask');
    expect(rows.length - 1).toBe(PER_SUPPLIER);
    expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set([supplier]));
    expect(rows[1][0]).toMatch(/please send us a copy/);

    const xlsx = await api.get<ArrayBuffer>(`${base}/suppliers/${supplier}/statement.xlsx`, {
      responseType: 'arraybuffer',
    });
    const one = new Workbook();
    await one.xlsx.load(Buffer.from(xlsx.data) as unknown as ArrayBuffer);
    expect(one.worksheets.map((w) => w.name)).toEqual([supplier]);
    expect(one.worksheets[0].rowCount).toBe(PER_SUPPLIER + 1);

    const all = await api.get<ArrayBuffer>(`${base}/statements.xlsx`, { responseType: 'arraybuffer' });
    expect(all.status).toBe(200);
    const workbook = new Workbook();
    await workbook.xlsx.load(Buffer.from(all.data) as unknown as ArrayBuffer);
    const open = await api.get<{ supplierGstin: string; open: number }[]>(`${base}/suppliers`, {
      params: { open: 'true' },
    });
    expect(workbook.worksheets.map((w) => w.name).sort()).toEqual(
      open.data.map((s) => s.supplierGstin).sort(),
    );
    expect(workbook.worksheets.length).toBeGreaterThanOrEqual(SUPPLIERS);
  });
});
