/**
 * Issue 29: GET /reconciliation/gstins names the GSTINs configured for reconciliation, each with the
 * periods it has runs of (newest period first, by year then month, each with its newest run's state)
 * and the newest period whose GSTR-2B exists; runs of GSTINs no longer configured are left out.
 */
import type { AxiosInstance } from 'axios';
import { ReconciliationRepository } from '../../src/database/repositories';
import { latestGeneratedPeriod } from '../../src/reconciliation';
import { recoApi, RECO_GSTIN, startRecoApp, type RecoApp } from './reco-app';

let reco: RecoApp;
let api: AxiosInstance;

beforeAll(async () => {
  reco = await startRecoApp();
  api = recoApi(reco);
}, 120_000);

afterAll(async () => {
  await reco?.close();
});

describe('GET /reconciliation/gstins', () => {
  it('lists a configured GSTIN without runs with no periods', async () => {
    const answer = await api.get('/reconciliation/gstins');
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual([
      {
        gstin: RECO_GSTIN,
        connector: 'books',
        latestGeneratedPeriod: latestGeneratedPeriod(new Date(), 14),
        periods: [],
      },
    ]);
  });

  it('lists the periods with runs, newest first, each with its newest run', async () => {
    const runs = reco.app.app.get(ReconciliationRepository);
    const completed = async (gstin: string, period: string) =>
      runs.finishRun((await runs.startRun(gstin, period, 'test'))!, {});
    await completed(RECO_GSTIN, '122025');
    await completed(RECO_GSTIN, '102026');
    await runs.failRun((await runs.startRun(RECO_GSTIN, '092026', 'test'))!, 'gateway down', 'transient');
    await runs.startRun(RECO_GSTIN, '092026', 'test');
    await completed('27AAACW4202F1ZM', '102026');

    const answer = await api.get('/reconciliation/gstins');
    expect(answer.status).toBe(200);
    expect(answer.data).toHaveLength(1);
    const [listed] = answer.data as { gstin: string; periods: Record<string, unknown>[] }[];
    expect(listed.gstin).toBe(RECO_GSTIN);
    expect(listed.periods).toEqual([
      { period: '102026', state: 'completed', startedAt: expect.any(String), finishedAt: expect.any(String) },
      { period: '092026', state: 'running', startedAt: expect.any(String), finishedAt: null },
      { period: '122025', state: 'completed', startedAt: expect.any(String), finishedAt: expect.any(String) },
    ]);
  });
});
