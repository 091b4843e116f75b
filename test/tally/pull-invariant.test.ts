/**
 * Finding 1 of issue 14: TallyPrime answers the day-wise count with dates in its display form (d-MMM-yy,
 * reference responses/loader-report_response_shapes.txt). The pull must read them, must stop loudly on a
 * row it cannot read, and must check that every window delivers the vouchers counted for it; on any
 * shortfall the watermark stays where it was.
 */
import { ConnectorError, type PullBatch, type SourceDocument } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator, type TallySimulator } from '@erp-connector/sandbox/tally';
import { startTallyProxy, type TallyProxy } from './tally-proxy';

const COMPANY = 'Invariant Traders';
const log = { info: (): void => undefined, warn: (): void => undefined };

function connectorFor(url: string): TallyConnector {
  const config = Object.assign(new TallyConfig(), {
    url,
    companyName: COMPANY,
    batchSize: 40,
    timeoutMs: 5000,
    parallelism: 1,
  });
  return new TallyConnector('tally-invariant', config, { dataDir: '/tmp', log });
}

async function pull(
  connector: TallyConnector,
  cursor: PullBatch['cursor'],
): Promise<{ batches: PullBatch[]; error?: unknown }> {
  const batches: PullBatch[] = [];
  try {
    for await (const batch of connector.pullSales(cursor)) batches.push(batch);
    return { batches };
  } catch (error) {
    return { batches, error };
  }
}

const guidsOf = (batches: PullBatch[]): string[] =>
  batches.flatMap((batch) => batch.documents.map((doc: SourceDocument) => doc.erpId));

describe('Tally pull invariant: counted == read per AlterID window', () => {
  let sim: TallySimulator;
  let connector: TallyConnector | undefined;
  let proxy: TallyProxy | undefined;

  beforeEach(async () => {
    sim = await startTallySimulator({ voucherCount: 200, seed: 5, companyName: COMPANY, days: 60 });
  });
  afterEach(async () => {
    await connector?.close();
    await proxy?.stop();
    connector = proxy = undefined;
    await sim.stop();
  });

  it('reads the day-wise count in d-MMM-yy and syncs every voucher before the watermark moves', async () => {
    connector = connectorFor(sim.url);
    const { batches, error } = await pull(connector, null);
    expect(error).toBeUndefined();
    const sales = guidsOf(batches);
    expect(sales.length).toBeGreaterThan(150);
    expect(new Set(sales).size).toBe(sales.length);
    const target = (batches[batches.length - 1].cursor as { alterId: number }).alterId;
    // Only the last batch carries the pass's target; every earlier one resumes inside the pass.
    for (const batch of batches.slice(0, -1))
      expect((batch.cursor as { passTarget?: number }).passTarget).toBe(target);
    expect(guidsOf((await pull(connector, batches[batches.length - 1].cursor)).batches)).toEqual([]);
  });

  it('stops with an error naming the value when a count row cannot be read, watermark not moved', async () => {
    proxy = await startTallyProxy(sim.url, (answer) =>
      answer.replace(/(<VCHDATE[^>]*>)[^<]*(<\/VCHDATE>)/, '$1ñ$2'),
    );
    connector = connectorFor(proxy.url);
    const { batches, error } = await pull(connector, { alterId: 0 });
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as Error).message).toMatch(/day-wise voucher count.*"ñ".*watermark not moved/);
    expect(batches).toEqual([]);
  });

  it('a voucher gone between count and read stops the pass; the cursor never passes its window', async () => {
    connector = connectorFor(sim.url);
    const first = await pull(connector, null);
    const known = guidsOf(first.batches);
    const cursor = first.batches[first.batches.length - 1].cursor as { alterId: number };
    const edited = known.slice(10, 14);
    for (const guid of edited) sim.alterVoucher(guid, { narration: 'second thoughts' });
    // Deleted after Tally counted it, before the vouchers are read.
    sim.hooks.afterCount = () => {
      sim.deleteVoucher(edited[1], 'delete');
      sim.hooks.afterCount = undefined;
    };
    const second = await pull(connector, cursor);
    expect(second.error).toBeInstanceOf(ConnectorError);
    expect((second.error as Error).message).toMatch(
      new RegExp(
        `counted 4 voucher\\(s\\) .* but sent 3: pass stopped, watermark stays at ${cursor.alterId}`,
      ),
    );
    for (const batch of second.batches)
      expect((batch.cursor as { alterId: number }).alterId).toBe(cursor.alterId);

    const third = await pull(connector, second.batches.at(-1)?.cursor ?? cursor);
    expect(third.error).toBeUndefined();
    const documents = third.batches.flatMap((batch) => batch.documents);
    expect(
      documents
        .filter((doc) => !doc.deleted)
        .map((doc) => doc.erpId)
        .sort(),
    ).toEqual([edited[0], edited[2], edited[3]].sort());
    // The voucher deleted meanwhile is handed over flagged deleted.
    expect(documents.filter((doc) => doc.deleted).map((doc) => doc.erpId)).toEqual([edited[1]]);
    expect((third.batches.at(-1)!.cursor as { alterId: number }).alterId).toBeGreaterThan(cursor.alterId);
  });
});
