/**
 * Tally unreachable and back, through the running service: pulls while nothing answers at the Tally
 * URL store nothing and move no cursor; once TallyPrime answers again every voucher arrives, once; and
 * after a second outage a restarted Tally with the same books brings no duplicate. The judge is what a
 * fresh connector reads from the simulator's books directly.
 */
import type { PullBatch } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { findFreePort } from '../../src/database/embedded-postgres';
import { startTallySimulator, type TallySimulator } from '@erp-connector/sandbox/tally';
import { json } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const COMPANY = 'Outage Traders';
const SIMULATOR = { voucherCount: 40, seed: 7, companyName: COMPANY };

async function documentNumbersInBooks(url: string): Promise<string[]> {
  const config = Object.assign(new TallyConfig(), { url, companyName: COMPANY, timeoutMs: 5000 });
  const connector = new TallyConnector('judge', config, {
    dataDir: '/tmp',
    log: { info: () => undefined, warn: () => undefined },
  });
  const batches: PullBatch[] = [];
  for await (const batch of connector.pullSales(null)) batches.push(batch);
  await connector.close();
  return batches.flatMap((b) => b.documents.filter((d) => !d.deleted).map((d) => String(d.erpId)));
}

describe('faults: Tally unreachable and back', () => {
  let t: TestApp;
  let port: number;
  let sim: TallySimulator | undefined;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, { ...init, headers: { 'X-API-Key': TEST_API_KEY } });
  const erpIds = async (): Promise<string[]> =>
    ((await json(await api('/documents?limit=500'))).items as { erpId: string }[]).map((d) => d.erpId);
  const pull = async () => {
    const answer = await api('/connectors/books/pull', { method: 'POST' });
    await answer.arrayBuffer();
  };

  beforeAll(async () => {
    port = await findFreePort();
    t = await startTestApp({
      regimes: [],
      connectors: [
        {
          name: 'books',
          kind: 'tally',
          regimes: ['in-einvoice'],
          config: { url: `http://127.0.0.1:${port}`, companyName: COMPANY, timeoutMs: 3000 },
        },
      ],
    });
  });
  afterAll(async () => {
    await sim?.stop();
    await t?.close();
  });

  it('stores nothing while Tally is down, then every voucher once when it is back', async () => {
    await pull();
    await eventually(async () => {
      const health = await json(await api('/health'));
      return health.details?.['connector:books']?.status === 'down' ? true : undefined;
    }, 20_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await erpIds()).toEqual([]);

    sim = await startTallySimulator({ ...SIMULATOR, port });
    const books = await documentNumbersInBooks(sim.url);
    expect(books.length).toBeGreaterThan(10);
    const arrived = await eventually(
      async () => {
        await pull();
        const ids = await erpIds();
        return ids.length >= books.length ? ids : undefined;
      },
      60_000,
      1000,
    );
    expect([...arrived].sort()).toEqual([...books].sort());

    // Down again, pulled meanwhile, back with the same books: nothing twice, nothing lost.
    await sim.stop();
    sim = undefined;
    await pull();
    await new Promise((r) => setTimeout(r, 2000));
    sim = await startTallySimulator({ ...SIMULATOR, port });
    await pull();
    await new Promise((r) => setTimeout(r, 3000));
    await pull();
    await new Promise((r) => setTimeout(r, 2000));
    const after = await erpIds();
    expect(after).toHaveLength(new Set(after).size);
    expect([...after].sort()).toEqual([...books].sort());
  }, 150_000);
});
