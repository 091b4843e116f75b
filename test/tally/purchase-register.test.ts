/**
 * Issue 14, "What to build": supplier credit and debit notes in pullPurchases. The simulator's company
 * enters purchase returns as Debit Notes to its suppliers; they are the suppliers' credit notes in the
 * purchase register (GSTR-2B's CDNR), and never sales documents.
 */
import type { PullBatch, PurchaseRecord } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator, voucherMeta } from '@erp-connector/sandbox/tally';

const COMPANY = 'Returns Trading Co';
const VOUCHERS = 400;
const OPTIONS = { voucherCount: VOUCHERS, linesPerVoucher: 3, seed: 17, days: 365 };
const log = { info: (): void => undefined, warn: (): void => undefined };

it('reads purchases and supplier notes into the purchase register, and leaves supplier notes out of sales', async () => {
  const sim = await startTallySimulator({ ...OPTIONS, companyName: COMPANY });
  const config = Object.assign(new TallyConfig(), { url: sim.url, companyName: COMPANY, timeoutMs: 5000 });
  const connector = new TallyConnector('tally-purchases', config, { dataDir: '/tmp', log });
  try {
    const records: PurchaseRecord[] = [];
    for await (const batch of connector.pullPurchases({ from: '2024-04-01', to: '2025-03-31' }))
      records.push(...batch);
    const metas = Array.from({ length: VOUCHERS }, (_, index) => voucherMeta(sim.company, OPTIONS, index));
    const notes = metas.filter((meta) => meta.supplierNote).map((meta) => meta.guid);
    const purchases = metas.filter((meta) => meta.type === 'Purchase').map((meta) => meta.guid);
    expect(notes.length).toBeGreaterThan(3);

    const byGuid = new Map(records.map((record) => [record.erpId, record]));
    expect([...byGuid.keys()].sort()).toEqual([...notes, ...purchases].sort());
    for (const guid of notes) {
      const note = byGuid.get(guid)!;
      expect(note.documentType).toBe('CRN');
      expect(Number(note.taxableValue)).toBeGreaterThan(0);
      expect(Number(note.total)).toBeGreaterThan(Number(note.taxableValue));
      expect(note.supplierGstin).toMatch(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
    }
    for (const guid of purchases) expect(byGuid.get(guid)!.documentType).toBe('INV');

    const sales: PullBatch[] = [];
    for await (const batch of connector.pullSales(null)) sales.push(batch);
    const pulled = new Set(sales.flatMap((batch) => batch.documents.map((doc) => doc.erpId)));
    for (const guid of notes) expect(pulled.has(guid)).toBe(false);
  } finally {
    await connector.close();
    await sim.stop();
  }
});
