/**
 * Issue 14, "What to build": sales voucher types found by their PARENT chain, so a company's own sales,
 * export and sales-return types are pulled without configuration (the simulator's company has
 * "GST Sales" under Sales, "Export Sales" under GST Sales and "Sales Return" under Credit Note).
 */
import type { PullBatch } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator, voucherMeta } from '@erp-connector/sandbox/tally';

const COMPANY = 'Custom Types Ltd';
const VOUCHERS = 300;
const log = { info: (): void => undefined, warn: (): void => undefined };

it('pulls vouchers of custom sales types, as invoices and credit notes, with no configuration', async () => {
  const sim = await startTallySimulator({ voucherCount: VOUCHERS, seed: 3, companyName: COMPANY });
  const config = Object.assign(new TallyConfig(), { url: sim.url, companyName: COMPANY, timeoutMs: 5000 });
  const connector = new TallyConnector('tally-types', config, { dataDir: '/tmp', log });
  try {
    const batches: PullBatch[] = [];
    for await (const batch of connector.pullSales(null)) batches.push(batch);
    const pulled = new Map(batches.flatMap((batch) => batch.documents).map((doc) => [doc.erpId, doc]));
    const metas = Array.from({ length: VOUCHERS }, (_, index) =>
      voucherMeta(sim.company, { voucherCount: VOUCHERS, linesPerVoucher: 3, seed: 3, days: 365 }, index),
    );
    const custom = metas.filter((meta) => ['GST Sales', 'Export Sales', 'Sales Return'].includes(meta.type));
    expect(custom.length).toBeGreaterThan(20);
    for (const meta of custom) {
      const doc = pulled.get(meta.guid);
      expect(doc).toBeDefined();
      if (doc?.normalised.ok)
        expect(doc.normalised.value.documentType).toBe(meta.type === 'Sales Return' ? 'CRN' : 'INV');
    }
    expect(pulled.size).toBe(metas.filter((meta) => meta.type !== 'Purchase' && !meta.supplierNote).length);
  } finally {
    await connector.close();
    await sim.stop();
  }
});
