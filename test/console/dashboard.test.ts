/**
 * GET /dashboard against the real app (Postgres, queue, webhook connector, a scripted regime): documents
 * dated today and earlier this month in India's zone are counted and their values summed exactly per
 * seller GSTIN, document type, regime and state; last month's are not; the oldest pending document is the
 * one waiting longest; providers holding calls back and open circuits are listed.
 */
import { SHARED_CIRCUIT_BREAKER, SHARED_PROVIDER_THROTTLE } from '../../src/compliance/http';
import {
  SAMPLE_SELLER_GSTIN,
  sampleIndiaCreditNote,
  sampleIndiaInvoice,
} from '../../src/domain/__fixtures__';
import { businessDay } from '../../src/sync/business-day';
import { type Json, json, postSignedWebhook } from '../support/http';
import { ScriptedRegime } from '../support/scripted-regime';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-dashboard-0123456789abcdef0123';
const SETTLED = ['REJECTED', 'REGISTERED', 'WRITEBACK_PENDING', 'WRITTEN_BACK', 'WRITEBACK_FAILED'];

describe('GET /dashboard (real app, Postgres)', () => {
  let t: TestApp;
  const regime = new ScriptedRegime();
  const { today, monthStart } = businessDay(new Date(), 'Asia/Kolkata');
  /** The last day of the month before this one. */
  const lastMonth = new Date(Date.parse(`${monthStart}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({
      regimes: [regime],
      connectors: [{ name: 'erp', kind: 'webhook', regimes: ['in-einvoice'], config: { secret: SECRET } }],
    });
    regime.scripts.set('DB/OLD', 'reject');
    regime.scripts.set('DB/REJ', 'reject');
    // The oldest pending first: last month's, refused by the authority.
    await push('DB/OLD', lastMonth);
    await push('DB/T1', today);
    await push('DB/T2', today);
    await push('DB/REJ', today);
    await push('DB/M1', monthStart);
    await push('DB/CN', today, 'CRN');
    for (const id of Object.values(ids)) await settled(id);
  }, 120_000);
  afterAll(() => t?.close());

  const api = (path: string) => fetch(`${t.url}${path}`, { headers: { 'x-api-key': TEST_API_KEY } });

  async function push(documentNumber: string, documentDate: string, type: 'INV' | 'CRN' = 'INV') {
    const invoice =
      type === 'CRN'
        ? sampleIndiaCreditNote({ documentNumber, documentDate })
        : sampleIndiaInvoice({ documentNumber, documentDate });
    const res = await postSignedWebhook(t.url, 'erp', SECRET, JSON.stringify(invoice));
    expect(res.status).toBe(202);
    ids[documentNumber] = (await json(res)).accepted[0].documentId as string;
  }

  async function settled(documentId: string): Promise<string> {
    return eventually(async () => {
      const doc = await json(await api(`/documents/${documentId}`));
      const state = doc.submissions[0]?.state as string | undefined;
      return state && SETTLED.includes(state) ? state : undefined;
    }, 30_000);
  }

  it('needs the API key', async () => {
    expect((await fetch(`${t.url}/dashboard`)).status).toBe(401);
    expect((await api('/dashboard?timeZone=Mars/Olympus')).status).toBe(400);
  });

  it("counts and sums today's and this month's documents per GSTIN, type, regime and state, exactly", async () => {
    const body = await json(await api('/dashboard'));
    expect(body).toMatchObject({ timeZone: 'Asia/Kolkata', today, monthStart });
    const lines = body.lines as Json[];
    const registered = lines.filter((l) => l.docType === 'INV' && l.state !== 'REJECTED');
    // The registered invoices all sit in one settled state by now (no callback URL: written back at once).
    expect(registered).toHaveLength(1);
    const sameDay = monthStart === today;
    // 57823.00 each: two today, one on the 1st (today too when today is the 1st).
    expect(registered[0]).toMatchObject({
      sellerTaxId: SAMPLE_SELLER_GSTIN,
      regime: 'in-einvoice',
      currency: 'INR',
      todayCount: sameDay ? 3 : 2,
      todayValue: sameDay ? '173469.00' : '115646.00',
      monthCount: 3,
      monthValue: '173469.00',
    });
    // Last month's refused invoice is not this month's.
    expect(lines.find((l) => l.docType === 'INV' && l.state === 'REJECTED')).toMatchObject({
      todayCount: 1,
      todayValue: '57823.00',
      monthCount: 1,
      monthValue: '57823.00',
    });
    expect(lines.find((l) => l.docType === 'CRN')).toMatchObject({
      todayCount: 1,
      todayValue: '14455.00',
      monthCount: 1,
    });
    expect(lines.reduce((n, l) => n + (l.monthCount as number), 0)).toBe(5);
  });

  it('names the oldest pending document with its age', async () => {
    const { oldestPending } = await json(await api('/dashboard'));
    expect(oldestPending).toMatchObject({
      documentId: ids['DB/OLD'],
      docNumber: 'DB/OLD',
      docDate: lastMonth,
      state: 'REJECTED',
      regime: 'in-einvoice',
    });
    expect(oldestPending.ageSeconds).toBeGreaterThanOrEqual(0);
  });

  it("sums an operator's corrected total and currency, as the document list shows them", async () => {
    const res = await fetch(`${t.url}/documents/${ids['DB/REJ']}/overrides`, {
      method: 'PATCH',
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        overrides: { 'totals.invoiceTotal': '57900.00' },
        operator: 'ops',
        reason: 'the ERP total was wrong',
      }),
    });
    expect(res.status).toBe(200);
    const { lines } = await json(await api('/dashboard'));
    expect((lines as Json[]).find((l) => l.docType === 'INV' && l.state === 'REJECTED')).toMatchObject({
      todayCount: 1,
      todayValue: '57900.00',
      monthValue: '57900.00',
    });
  });

  it('lists providers pacing or refusing calls and circuits open', async () => {
    SHARED_PROVIDER_THROTTLE.hold('gsp-einvoice', 'gsp-einvoice:dashboard-test', Date.now() + 5_000);
    for (let i = 0; i < 5; i += 1) SHARED_CIRCUIT_BREAKER.failed('https://irp.dashboard.example');
    try {
      const { providers } = await json(await api('/dashboard'));
      expect(providers.throttled).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ provider: 'gsp-einvoice', reason: 'provider-429' }),
        ]),
      );
      expect(providers.circuitsOpen).toEqual([
        expect.objectContaining({ key: 'https://irp.dashboard.example', failures: 5 }),
      ]);
    } finally {
      SHARED_CIRCUIT_BREAKER.succeeded('https://irp.dashboard.example');
    }
  });
});
