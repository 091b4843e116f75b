/**
 * Issue 28 (speed through the route): an imported GSTR-2B's run begins as soon as the file has named its
 * GSTIN and period, so the purchase register is pulled and stored while the rest of the file arrives. Shown
 * on the real service and PostgreSQL with an upload held open half-way: the run is already recorded
 * running, and completes once the file ends. A file that names one period before its documents and another
 * in its header is refused (its documents went to the first); one whose header follows its documents is
 * staged whole, then reconciled.
 */
import { request } from 'node:http';
import type { AxiosInstance } from 'axios';
import { TEST_API_KEY } from '../support/test-app';
import { recoApi, RECO_GSTIN, RECO_PERIOD, startRecoApp, type RecoApp } from './reco-app';
import { portalFile } from './scale-portal-file';

let reco: RecoApp;
let api: AxiosInstance;

beforeAll(async () => {
  reco = await startRecoApp();
  api = recoApi(reco);
}, 120_000);

afterAll(async () => {
  await reco?.close();
});

interface Run {
  trigger: string;
  state: string;
  period: string;
  startedAt?: string;
  finishedAt?: string | null;
}

async function runsOf(period: string): Promise<Run[]> {
  return (await api.get<Run[]>(`/reconciliation/runs?gstin=${RECO_GSTIN}&period=${period}`)).data;
}

/** Starts an upload of `first` and leaves it open; `finish(rest)` sends the rest and gives the answer. */
function openUpload(path: string, first: string) {
  const req = request(`${reco.app.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
  });
  const answer = new Promise<{ status: number; body: string }>((done, failed) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', failed);
  });
  req.write(first);
  return {
    finish: (rest: string) => {
      req.end(rest);
      return answer;
    },
  };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let waited = 0; ; waited += 50) {
    const value = await read();
    if (done(value) || waited > 20_000) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an imported GSTR-2B while it arrives', () => {
  it('begins its run once the file names its GSTIN and period, and completes it when the file ends', async () => {
    const file = portalFile(40, 25);
    const half = Math.floor(file.length / 2);
    const upload = openUpload(`/reconciliation/${RECO_GSTIN}/import?operator=asha`, file.slice(0, half));
    // Half the file sent, the rest held back: the run is already under way (its purchases being pulled).
    const running = await until(
      () => runsOf(RECO_PERIOD),
      (runs) => runs.some((r) => r.state === 'running'),
    );
    expect(running).toEqual([expect.objectContaining({ trigger: 'import:asha', state: 'running' })]);
    // The run's end is stamped when it ends, not when its transaction began (before the rest was sent).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const restSent = Date.now();
    const answer = await upload.finish(file.slice(half));
    expect(answer.status).toBe(200);
    const outcome = JSON.parse(answer.body) as { summary: { gstr2bDocuments: number; purchases: number } };
    // 40 x 25 invoices; the b2ba replaces the invoice it amends.
    expect(outcome.summary.gstr2bDocuments).toBe(1000);
    expect(outcome.summary.purchases).toBeGreaterThan(0);
    const [completed] = await runsOf(RECO_PERIOD);
    expect(completed).toMatchObject({ trigger: 'import:asha', state: 'completed' });
    expect(Date.parse(completed.finishedAt!)).toBeGreaterThanOrEqual(restSent - 100);
    expect(Date.parse(completed.startedAt!)).toBeLessThan(restSent - 900);
  }, 60_000);

  it('refuses a file that names one period before its documents and another in its header, keeping both as they were', async () => {
    // The root names September before the documents, the envelope (what a portal file's header is) October.
    const file = portalFile(2, 3).replace(
      '{\n "chksum"',
      `{\n "gstin": "${RECO_GSTIN}",\n "rtnprd": "092026",\n "chksum"`,
    );
    expect(file).toContain('"rtnprd": "092026"');
    const before = await runsOf(RECO_PERIOD);
    const answer = await api.post(`/reconciliation/${RECO_GSTIN}/import?operator=ravi`, Buffer.from(file), {
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.data.message).toBe(
      'the file names return period 092026 before its documents and 102026 in its header (rtnprd)',
    );
    expect(await runsOf('092026')).toEqual([]);
    expect(await runsOf(RECO_PERIOD)).toEqual(before);
  }, 60_000);

  it('stages a file whose header comes after its documents whole, then reconciles it the same', async () => {
    // More documents than one batch (5,000) before the header: the first batch is staged before the period is
    // known, so the file is staged whole.
    const file = JSON.parse(portalFile(100, 60)) as { chksum: string; data: Record<string, unknown> };
    const { docdata, ...header } = file.data;
    // The same return, its header written after the documents.
    const late = JSON.stringify({ chksum: file.chksum, data: { docdata, ...header } });
    expect(late.indexOf('"rtnprd"')).toBeGreaterThan(late.indexOf('"inv"'));
    const answer = await api.post(`/reconciliation/${RECO_GSTIN}/import?operator=meera`, Buffer.from(late), {
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    // 100 x 60 invoices; the b2ba replaces the invoice it amends.
    expect(answer.data.summary.gstr2bDocuments).toBe(6000);
    expect((await runsOf(RECO_PERIOD))[0]).toMatchObject({ trigger: 'import:meera', state: 'completed' });
  }, 60_000);
});
