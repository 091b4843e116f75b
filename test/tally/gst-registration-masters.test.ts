/**
 * Issue 14, "What to build": TallyPrime 3 keeps a company's GSTIN in its GST registration masters; with the
 * company's own field empty and no CMPGSTIN on the vouchers, the seller's GSTIN comes from that master.
 */
import type { PullBatch } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator } from '@erp-connector/sandbox/tally';

const COMPANY = 'Registered Elsewhere Ltd';
const log = { info: (): void => undefined, warn: (): void => undefined };

it('reads the seller GSTIN from the GST registration master when the company field is empty', async () => {
  const sim = await startTallySimulator({
    voucherCount: 60,
    seed: 8,
    companyName: COMPANY,
    gstRegistrationMasters: true,
  });
  const config = Object.assign(new TallyConfig(), { url: sim.url, companyName: COMPANY, timeoutMs: 5000 });
  const connector = new TallyConnector('tally-tp3', config, { dataDir: '/tmp', log });
  try {
    expect((await connector.check()).details?.gstin).toBe('');
    const batches: PullBatch[] = [];
    for await (const batch of connector.pullSales(null)) batches.push(batch);
    const documents = batches.flatMap((batch) => batch.documents);
    const sellers = new Set(
      documents.flatMap((doc) => (doc.normalised.ok ? [doc.normalised.value.seller.gstin] : [])),
    );
    expect(sellers).toEqual(new Set([sim.company.gstin]));
    expect(documents.filter((doc) => doc.normalised.ok).length).toBeGreaterThan(documents.length - 3);
  } finally {
    await connector.close();
    await sim.stop();
  }
});
