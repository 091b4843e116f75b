/**
 * The webhook connector's pullPurchases reads the bills the host kept, page after page (keyed on the last
 * bill's date and erpId), and refuses to pretend the register is empty when the host has no store.
 */
import type { PurchasePageKey, PurchasePeriod, PurchaseRecord, PushedPurchaseStore } from '../contract';
import { WebhookConnector } from './webhook.connector';
import { WebhookConnectorConfig } from './webhook.config';

const bill = (erpId: string, billDate: string): PurchaseRecord => ({
  erpId,
  supplierGstin: '',
  billNumber: erpId,
  billDate,
  documentType: 'BOE',
  taxableValue: '1.00',
  igst: '0.18',
  cgst: '0.00',
  sgst: '0.00',
  cess: '0.00',
  total: '1.18',
});

/** In memory, with the ordering and keyset the repository's SQL has. */
class ListStore implements PushedPurchaseStore {
  readonly asked: (PurchasePageKey | undefined)[] = [];
  constructor(private readonly bills: PurchaseRecord[]) {}

  page(range: PurchasePeriod, after: PurchasePageKey | undefined, limit: number): Promise<PurchaseRecord[]> {
    this.asked.push(after);
    const key = (r: { billDate: string; erpId: string }) => `${r.billDate}|${r.erpId}`;
    return Promise.resolve(
      this.bills
        .filter((r) => r.billDate >= range.from && r.billDate <= range.to)
        .filter((r) => after === undefined || key(r) > key(after))
        .sort((a, b) => (key(a) < key(b) ? -1 : 1))
        .slice(0, limit),
    );
  }
}

function connector(store: PushedPurchaseStore | undefined, purchasePageSize: number): WebhookConnector {
  const config = Object.assign(new WebhookConnectorConfig(), { secret: 's'.repeat(32), purchasePageSize });
  const log = { info: () => undefined, warn: () => undefined };
  return new WebhookConnector('erp', config, { dataDir: '/nonexistent', log, pushedPurchases: store });
}

async function pulled(source: WebhookConnector, range: PurchasePeriod): Promise<string[][]> {
  const batches: string[][] = [];
  for await (const batch of source.pullPurchases(range)) batches.push(batch.map((r) => r.erpId));
  return batches;
}

describe('webhook connector: pullPurchases', () => {
  const october = { from: '2026-10-01', to: '2026-10-31' };

  it('yields the bills of the range in batches of purchasePageSize, ordered by bill date and erpId', async () => {
    const store = new ListStore([
      bill('C', '2026-10-18'),
      bill('A', '2026-10-18'),
      bill('B', '2026-10-02'),
      bill('N', '2026-11-01'),
      bill('S', '2026-09-30'),
    ]);
    expect(await pulled(connector(store, 2), october)).toEqual([['B', 'A'], ['C']]);
    expect(store.asked).toEqual([undefined, { billDate: '2026-10-18', erpId: 'A' }]);
  });

  it('asks once more after a full last page, and yields no empty batch', async () => {
    const store = new ListStore([bill('A', '2026-10-01'), bill('B', '2026-10-02')]);
    expect(await pulled(connector(store, 2), october)).toEqual([['A', 'B']]);
    expect(store.asked).toHaveLength(2);
  });

  it('fails rather than reading an empty register when the host keeps no pushed purchases', async () => {
    await expect(pulled(connector(undefined, 2), october)).rejects.toMatchObject({
      name: 'ConnectorError',
      errorClass: 'system',
    });
  });
});
