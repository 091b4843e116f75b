/**
 * Issue 14, "What to build": vouchers deleted from Tally's books (gone, not cancelled) are found on the
 * next incremental pull and handed over flagged deleted, including one deleted and entered again under
 * the same number (reference notes: deleting leaves nothing to read; the re-entered voucher has a new GUID).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PullBatch, SourceDocument } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator, type TallySimulator } from '@erp-connector/sandbox/tally';

const COMPANY = 'Deleting Dealers';
const log = { info: (): void => undefined, warn: (): void => undefined };

describe('Tally vouchers deleted from the books', () => {
  let sim: TallySimulator;
  let connector: TallyConnector;
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tally-deleted-'));
    sim = await startTallySimulator({ voucherCount: 150, seed: 19, companyName: COMPANY, days: 30 });
    const config = Object.assign(new TallyConfig(), { url: sim.url, companyName: COMPANY, timeoutMs: 5000 });
    connector = new TallyConnector('tally-deleted', config, { dataDir, log });
  });
  afterEach(async () => {
    await connector.close();
    await sim.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function pull(
    cursor: PullBatch['cursor'],
  ): Promise<{ documents: SourceDocument[]; cursor: PullBatch['cursor'] }> {
    const batches: PullBatch[] = [];
    for await (const batch of connector.pullSales(cursor)) batches.push(batch);
    return {
      documents: batches.flatMap((batch) => batch.documents),
      cursor: batches.at(-1)?.cursor ?? cursor,
    };
  }

  it('hands over a deleted voucher and a deleted-and-re-entered one flagged deleted, once', async () => {
    const first = await pull(null);
    const [gone, reentered] = first.documents.filter((doc) => doc.normalised.ok).slice(3, 5);
    sim.deleteVoucher(gone.erpId, 'delete');
    const fresh = sim.reenterVoucher(reentered.erpId);

    const second = await pull(first.cursor);
    const deleted = second.documents.filter((doc) => doc.deleted);
    expect(deleted.map((doc) => doc.erpId).sort()).toEqual([gone.erpId, reentered.erpId].sort());
    for (const doc of deleted) {
      expect(doc.normalised.ok).toBe(false);
      if (!doc.normalised.ok)
        expect(doc.normalised.errors[0]).toMatchObject({
          rule: 'voucher.deleted',
          message: expect.stringMatching(/cancellation decision/),
        });
    }
    const again = second.documents.find((doc) => doc.erpId === fresh)!;
    expect(again.documentNumber).toBe(reentered.documentNumber);
    expect(again.deleted).toBeUndefined();

    const third = await pull(second.cursor);
    expect(third.documents).toEqual([]);
  });

  it('reports nothing when nothing was deleted', async () => {
    const first = await pull(null);
    sim.alterVoucher(first.documents[0].erpId, { narration: 'edited' });
    const second = await pull(first.cursor);
    expect(second.documents.map((doc) => doc.erpId)).toEqual([first.documents[0].erpId]);
  });
});
