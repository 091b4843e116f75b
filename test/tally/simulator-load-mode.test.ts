/**
 * The simulator's load-test mode (distinct bodies cached and repeated under fresh identities) and the
 * connector's batch bound, over HTTP: what the benchmark relies on.
 */
import type { SourceDocument } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import {
  startTallySimulator,
  voucherGuid,
  voucherMeta,
  type TallySimulator,
} from '@erp-connector/sandbox/tally';

const COMPANY = 'Load & Co';
const VOUCHERS = 500;
const DISTINCT = 40;
const OPTIONS = { voucherCount: VOUCHERS, linesPerVoucher: 4, seed: 3, days: 365 };

describe('Tally simulator load mode with the connector', () => {
  let sim: TallySimulator;
  let connector: TallyConnector;
  let documents: SourceDocument[];
  let batchSizes: number[];

  beforeAll(async () => {
    sim = await startTallySimulator({
      voucherCount: VOUCHERS,
      seed: OPTIONS.seed,
      companyName: COMPANY,
      linesPerVoucher: OPTIONS.linesPerVoucher,
      distinctVouchers: DISTINCT,
    });
    const config = Object.assign(new TallyConfig(), { url: sim.url, companyName: COMPANY, batchSize: 5000 });
    connector = new TallyConnector('load-test', config, {
      dataDir: '/tmp',
      log: { info: () => undefined, warn: () => undefined },
    });
    documents = [];
    batchSizes = [];
    for await (const batch of connector.pullSales(null)) {
      batchSizes.push(batch.documents.length);
      documents.push(...batch.documents);
    }
  });
  afterAll(async () => {
    await connector.close();
    await sim.stop();
  });

  it('delivers every sales-side voucher once, under its own GUID and number, in batches of at most 10', () => {
    const expected = Array.from({ length: VOUCHERS }, (_, index) => index)
      .filter((index) => {
        const meta = voucherMeta(sim.company, OPTIONS, index % DISTINCT);
        return meta.type !== 'Purchase' && !meta.supplierNote;
      })
      .map((index) => voucherGuid(sim.company, index));
    expect(documents.map((doc) => doc.erpId).sort()).toEqual(expected.sort());
    expect(new Set(documents.map((doc) => doc.documentNumber)).size).toBe(documents.length);
    expect(Math.max(...batchSizes)).toBe(10);
  });

  it('repeats the content of voucher i mod N under the identity of voucher i', () => {
    const byGuid = new Map(documents.map((doc) => [doc.erpId, doc]));
    const first = byGuid.get(voucherGuid(sim.company, 1))!;
    const repeat = byGuid.get(voucherGuid(sim.company, 1 + DISTINCT))!;
    expect(first.normalised.ok && repeat.normalised.ok).toBe(true);
    if (!first.normalised.ok || !repeat.normalised.ok) return;
    expect(repeat.normalised.value.lines).toEqual(first.normalised.value.lines);
    expect(repeat.documentNumber).toMatch(new RegExp(`/${2 + DISTINCT}$`));
    expect(repeat.contentHash).not.toBe(first.contentHash);
    expect(sim.voucher(voucherGuid(sim.company, 1 + DISTINCT))).toContain(
      `<MASTERID TYPE="Number"> ${2 + DISTINCT}</MASTERID>`,
    );
  });

  it('keeps each voucher on its own date, in date order', () => {
    const dates = documents.map((doc) => doc.documentDate!);
    expect([...dates].sort()).toEqual(dates);
    const index = 300;
    const doc = documents.find((candidate) => candidate.erpId === voucherGuid(sim.company, index));
    const expectedDate = voucherMeta(sim.company, OPTIONS, index).date;
    if (doc) expect(doc.documentDate?.replace(/-/g, '')).toBe(expectedDate);
    else expect(voucherMeta(sim.company, OPTIONS, index % DISTINCT)).toMatchObject({ type: 'Purchase' });
  });
});
