/**
 * Portal-size GSTR-2B through the public route (issue 28, finding 11): a 15 MB portal file (over the
 * 10 MB the JSON body parser took) is imported and reconciled; malformed files are refused with 400
 * naming the line, column and JSON path; nothing of a refused file reaches the period; the body is read
 * only after the API key is checked.
 */
import axios, { type AxiosInstance } from 'axios';
import { Client } from 'pg';
import { TEST_API_KEY } from '../support/test-app';
import { RECO_GSTIN, RECO_PERIOD, startRecoApp, type RecoApp } from './reco-app';
import { portalFile } from './scale-portal-file';

let reco: RecoApp;
let api: AxiosInstance;

async function documentsStored(): Promise<number> {
  const db = new Client({ connectionString: reco.app.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM gstr2b_document WHERE gstin = $1 AND period = $2`,
      [RECO_GSTIN, RECO_PERIOD],
    );
    const staged = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM gstr2b_import_row`);
    expect(staged.rows[0].n).toBe('0');
    return Number(rows[0].n);
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  reco = await startRecoApp();
  api = axios.create({
    baseURL: reco.app.url,
    headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
    validateStatus: () => true,
    maxBodyLength: Infinity,
    maxContentLength: Infinity,
  });
}, 120_000);

afterAll(async () => {
  await reco?.close();
});

describe('POST /reconciliation/:gstin/import with portal-size files', () => {
  it('imports a 15 MB file and reconciles it, the amendment replacing its original', async () => {
    const file = portalFile(200, 260);
    expect(file.length).toBeGreaterThan(15 * 1024 * 1024);
    const imported = await api.post(`/reconciliation/${RECO_GSTIN}/import?operator=asha`, Buffer.from(file));
    expect(imported.status).toBe(200);
    // 52,000 invoices; the b2ba replaces S0/INV/0.
    expect(imported.data.summary.gstr2bDocuments).toBe(200 * 260);
    expect(await documentsStored()).toBe(200 * 260);
  }, 180_000);

  it('refuses malformed JSON with 400 naming line, column and path, and keeps the period as it was', async () => {
    const file = portalFile(3, 2).replace('"inum": "S1/INV/1"', '"inum": "S1/INV/1",,');
    const refused = await api.post(`/reconciliation/${RECO_GSTIN}/import`, Buffer.from(file));
    expect(refused.status).toBe(400);
    expect(refused.data.message).toMatch(
      /GSTR-2B has 1 unreadable entry: data\.docdata\.b2b\[1\]: malformed JSON at line \d+, column \d+ \(in data\.docdata\.b2b\[1\]\)/,
    );
    expect(await documentsStored()).toBe(200 * 260);
  });

  it('refuses a file cut short, and an unreadable entry by its path in the file', async () => {
    const file = portalFile(3, 2);
    const cut = await api.post(
      `/reconciliation/${RECO_GSTIN}/import`,
      Buffer.from(file.slice(0, file.length / 2)),
    );
    expect(cut.status).toBe(400);
    expect(cut.data.message).toMatch(/cut short/);
    const wrong = file.replace('"dt": "02-10-2026"', '"dt": "2026-10-02"');
    const refused = await api.post(`/reconciliation/${RECO_GSTIN}/import`, Buffer.from(wrong));
    expect(refused.status).toBe(400);
    expect(refused.data.message).toMatch(
      /data\.docdata\.b2b\[0\]\.inv\[1\]\.dt: dt is not dd-mm-yyyy \(2026-10-02\)/,
    );
    expect(await documentsStored()).toBe(200 * 260);
  });

  it('stores each document as read, quotes, backslashes and other scripts included, beside its own row', async () => {
    const name = 'Shree "Ganesh" Traders \\ Co, {Pune} श्री गणेश';
    const file = portalFile(2, 3).replace('"trdnm": "Supplier 1"', `"trdnm": ${JSON.stringify(name)}`);
    const imported = await api.post(`/reconciliation/${RECO_GSTIN}/import?operator=asha`, Buffer.from(file));
    expect(imported.status).toBe(200);
    const db = new Client({ connectionString: reco.app.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{
        number: string;
        supplier: string | null;
        detail: Record<string, unknown>;
      }>(
        `SELECT number, supplier_name AS supplier, detail FROM gstr2b_document WHERE gstin = $1 AND period = $2
         ORDER BY number`,
        [RECO_GSTIN, RECO_PERIOD],
      );
      // Every document's detail is its own (the columns and the detail of one row name the same document).
      expect(rows.map((r) => [r.number, r.detail.number])).toEqual(rows.map((r) => [r.number, r.number]));
      const named = rows.filter((r) => r.number.startsWith('S1/'));
      expect(named).toHaveLength(3);
      for (const row of named) {
        expect(row.supplier).toBe(name);
        expect(row.detail.supplierName).toBe(name);
      }
    } finally {
      await db.end();
    }
  });

  it('reads nothing of the body without the API key', async () => {
    const refused = await axios.post(`${reco.app.url}/reconciliation/${RECO_GSTIN}/import`, '{"data":', {
      headers: { 'content-type': 'application/json' },
      validateStatus: () => true,
    });
    expect(refused.status).toBe(401);
  });
});
