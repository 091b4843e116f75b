import { json } from '../support/http';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { migrateDatabase } from '../../src/app-schema';
import { createMigratedTestDatabase } from '../support/test-database';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SAMPLES = resolve(__dirname, '..', '..', 'config', 'samples');
const api = (t: TestApp, path: string, init: RequestInit = {}) =>
  fetch(`${t.url}${path}`, {
    ...init,
    headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });

interface DocumentSummary {
  id: string;
  docNumber: string;
  submissions: { state: string }[];
}

describe('CSV connector through the pipeline with no regime registered: it stops at READY', () => {
  let dbUrl: string;
  let drop: () => Promise<void>;
  let dataDir: string;
  let inbox: string;

  beforeAll(async () => {
    const db = await createMigratedTestDatabase('csvpipe');
    dbUrl = db.url;
    drop = db.drop;
    dataDir = mkdtempSync(join(tmpdir(), 'csv-pipeline-'));
    inbox = join(dataDir, 'inbox');
    mkdirSync(inbox, { recursive: true });
  });
  afterAll(async () => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const connectors = () => [
    {
      name: 'books',
      kind: 'csv',
      regimes: ['in-einvoice'],
      config: { inboxDir: inbox, profile: 'india-b2b-lines', pollIntervalMs: 60000 },
    },
  ];

  async function documents(t: TestApp): Promise<DocumentSummary[]> {
    const res = await api(t, '/documents?limit=100');
    return (await json(res)).items as DocumentSummary[];
  }

  it('pulls good rows to READY, reports bad rows with row/column/reason, and never re-reads a file', async () => {
    await migrateDatabase(dbUrl);
    copyFileSync(join(SAMPLES, 'bad-rows.csv'), join(inbox, 'bad-rows.csv'));
    const first = await startTestApp({ databaseUrl: dbUrl, dataDir, connectors: connectors(), regimes: [] });
    try {
      expect((await api(first, '/connectors/books/pull', { method: 'POST' })).status).toBe(202);
      const docs = await eventually(async () => {
        const list = await documents(first);
        const settled =
          list.length >= 6 &&
          list.every((d) => d.submissions.every((s) => ['READY', 'MAPPING_FAILED'].includes(s.state)));
        return settled ? list : undefined;
      });
      const byNumber = new Map(docs.map((d) => [d.docNumber, d]));
      expect(byNumber.get('DFT/2627/0470')?.submissions[0].state).toBe('READY');
      expect(byNumber.get('DFT/2627/0475')?.submissions[0].state).toBe('READY');
      for (const bad of ['DFT/2627/0471', 'DFT/2627/0473', 'DFT/2627/0474']) {
        expect(byNumber.get(bad)?.submissions[0].state).toBe('MAPPING_FAILED');
      }
      const failed = await json(await api(first, '/submissions?state=MAPPING_FAILED&limit=100'));
      const errors = failed.items.flatMap(
        (s: { fieldErrors: { path: string; source?: string; message: string }[] }) => s.fieldErrors,
      );
      const gstin = errors.find((e: { source?: string }) => /BuyerGSTIN/.test(e.source ?? ''));
      expect(gstin).toBeDefined();
      expect(gstin.path).toBe('buyer.gstin');
      expect(gstin.source).toMatch(/^rows\[\d+\]\.BuyerGSTIN$/);
      expect(errors.some((e: { path: string }) => /^lines\[\d+\]\.quantity$/.test(e.path))).toBe(true);
      expect(errors.some((e: { path: string }) => /^lines\[\d+\]\.hsnCode$/.test(e.path))).toBe(true);
      expect(readdirSync(inbox)).toEqual([]);
    } finally {
      await first.close();
    }

    // Restart on the same database and data dir; the same file dropped again is not processed again.
    const before = 0;
    copyFileSync(join(SAMPLES, 'bad-rows.csv'), join(inbox, 'again-renamed.csv'));
    const second = await startTestApp({ databaseUrl: dbUrl, dataDir, connectors: connectors(), regimes: [] });
    try {
      const countBefore = (await documents(second)).length;
      expect(countBefore).toBeGreaterThan(before);
      const books = async (): Promise<{ lastPullAt: string | null; lastPullStats: { created: number } }> =>
        (await json(await api(second, '/connectors'))).find((c: { name: string }) => c.name === 'books');
      // The first run's pull is on record too: wait for this pull's own stats.
      const firstPullAt = (await books()).lastPullAt;
      await api(second, '/connectors/books/pull', { method: 'POST' });
      const stats = await eventually(async () => {
        const current = await books();
        const pulledAgain = current.lastPullAt !== null && current.lastPullAt !== firstPullAt;
        return pulledAgain && readdirSync(inbox).length === 0 ? current : undefined;
      });
      expect(stats.lastPullStats.created).toBe(0);
      expect((await documents(second)).length).toBe(countBefore);
    } finally {
      await second.close();
    }
  });
});
