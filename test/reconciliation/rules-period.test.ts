/**
 * Issue 28, finding 10: a GSTR-2B for a period that has not ended (or that precedes GST) is refused
 * with 400 and a sentence saying why, through the public routes (portal JSON import and a run), on the
 * real service and PostgreSQL. The file is the GSTN sample re-addressed to the configured GSTIN.
 */
import type { AxiosInstance } from 'axios';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recoApi, RECO_GSTIN, startRecoApp, type RecoApp } from './reco-app';

const SAMPLE = join(__dirname, '../../../shared/reference/india/samples/india_compliance_test_gstr_2b.json');

function portalFile(period: string): Record<string, unknown> {
  const file = JSON.parse(readFileSync(SAMPLE, 'utf8')) as { data: Record<string, unknown> };
  file.data.gstin = RECO_GSTIN;
  file.data.rtnprd = period;
  return file;
}

let reco: RecoApp;
let api: AxiosInstance;

beforeAll(async () => {
  reco = await startRecoApp();
  api = recoApi(reco);
}, 120_000);

afterAll(async () => {
  await reco?.close();
});

describe('rules: the period of a GSTR-2B', () => {
  it('refuses to import a GSTR-2B of a month that has not ended', async () => {
    const refused = await api.post(
      `/reconciliation/${RECO_GSTIN}/import?operator=asha`,
      portalFile('122099'),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.message).toMatch(/period 122099 has not ended yet .*GSTR-2B of it cannot exist/);
    const runs = await api.get<unknown[]>(`/reconciliation/runs?gstin=${RECO_GSTIN}&period=122099`);
    expect(runs.data).toEqual([]);
  });

  it('refuses to import a GSTR-2B of a period before GST', async () => {
    const refused = await api.post(
      `/reconciliation/${RECO_GSTIN}/import?operator=asha`,
      portalFile('032016'),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.message).toMatch(/period 032016 is before GST began/);
  });

  it('refuses to run a reconciliation of a month that has not ended', async () => {
    const refused = await api.post(`/reconciliation/${RECO_GSTIN}/122099/run`, { operator: 'asha' });
    expect(refused.status).toBe(400);
    expect(refused.data.message).toMatch(/period 122099 has not ended yet/);
  });

  it('still imports a GSTR-2B of an ended period', async () => {
    const imported = await api.post(
      `/reconciliation/${RECO_GSTIN}/import?operator=asha`,
      portalFile('032020'),
    );
    expect(imported.status).toBe(200);
  });
});
