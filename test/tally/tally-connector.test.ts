import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectorError, type PullBatch, type SourceDocument } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator, voucherMeta, type TallySimulator } from '@erp-connector/sandbox/tally';

const COMPANY = 'Acme & Sons Pvt Ltd';
const VOUCHERS = 600;
const log = { info: (): void => undefined, warn: (): void => undefined };

function connectorFor(url: string, overrides: Partial<TallyConfig> = {}): TallyConnector {
  const config = Object.assign(
    new TallyConfig(),
    { url, companyName: COMPANY, batchSize: 100, timeoutMs: 5000 },
    overrides,
  );
  return new TallyConnector('tally-test', config, { dataDir: '/tmp', log });
}

async function pullAll(connector: TallyConnector, cursor: PullBatch['cursor']): Promise<PullBatch[]> {
  const batches: PullBatch[] = [];
  for await (const batch of connector.pullSales(cursor)) batches.push(batch);
  return batches;
}

const documentsOf = (batches: PullBatch[]): SourceDocument[] => batches.flatMap((batch) => batch.documents);

function expectedSalesGuids(sim: TallySimulator): string[] {
  const guids: string[] = [];
  for (let index = 0; index < VOUCHERS; index += 1) {
    const meta = voucherMeta(
      sim.company,
      { voucherCount: VOUCHERS, linesPerVoucher: 3, seed: 11, days: 365 },
      index,
    );
    if (meta.type !== 'Purchase' && !meta.supplierNote) guids.push(meta.guid);
  }
  return guids.sort();
}

describe('Tally connector against the simulator over HTTP', () => {
  let sim: TallySimulator;
  let connector: TallyConnector;

  beforeEach(async () => {
    sim = await startTallySimulator({ voucherCount: VOUCHERS, seed: 11, companyName: COMPANY });
    connector = connectorFor(sim.url);
  });
  afterEach(async () => {
    await connector.close();
    await sim.stop();
  });

  it('check() finds the configured company (name with "&" escaped in the request)', async () => {
    const result = await connector.check();
    expect(result.ok).toBe(true);
    expect(result.details?.gstin).toBe(sim.company.gstin);
  });

  it('check() reports an unknown company as a config error', async () => {
    const other = connectorFor(sim.url, { companyName: 'No Such Company' });
    const result = await other.check();
    await other.close();
    expect(result.ok).toBe(false);
    expect(result.details?.errorClass).toBe('config');
    expect(result.message).toMatch(/No Such Company/);
  });

  it('check() reports an unreachable Tally as transient', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = connectorFor(`http://127.0.0.1:${port}`);
    const result = await unreachable.check();
    await unreachable.close();
    expect(result.ok).toBe(false);
    expect(result.details?.errorClass).toBe('transient');
  });

  it('first sync delivers every sales/credit/debit voucher once, in batches of at most batchSize', async () => {
    const batches = await pullAll(connector, null);
    const documents = documentsOf(batches);
    expect(documents.map((doc) => doc.erpId).sort()).toEqual(expectedSalesGuids(sim));
    expect(Math.max(...batches.map((batch) => batch.documents.length))).toBeLessThanOrEqual(100);
    expect(batches.length).toBeGreaterThan(4);
    const last = batches[batches.length - 1].cursor as { alterId: number; passTarget?: number };
    expect(last.passTarget).toBeUndefined();
    expect(last.alterId).toBeGreaterThan(VOUCHERS);
    const ok = documents.filter((doc) => doc.normalised.ok);
    expect(ok.length).toBeGreaterThan(documents.length - 5);
    const sample = ok[0].normalised;
    if (!sample.ok) throw new Error('unreachable');
    expect(sample.value.country).toBe('IN');
    expect(sample.value.seller.gstin).toBe(sim.company.gstin);
  });

  it('an incremental sync returns only new and altered vouchers, and an edit changes the content hash', async () => {
    const first = await pullAll(connector, null);
    const before = new Map(documentsOf(first).map((doc) => [doc.erpId, doc.contentHash]));
    const cursor = first[first.length - 1].cursor;
    const altered = documentsOf(first)[5].erpId;
    sim.alterVoucher(altered, { narration: 'price corrected' });
    const added = sim.addVoucher({ date: '2024-06-15' });

    const second = documentsOf(await pullAll(connector, cursor));
    expect(second.map((doc) => doc.erpId).sort()).toEqual([added, altered].sort());
    expect(second.find((doc) => doc.erpId === altered)!.contentHash).not.toBe(before.get(altered));
    const third = documentsOf(await pullAll(connector, (await pullAll(connector, cursor)).pop()!.cursor));
    expect(third).toHaveLength(0);
  });

  it('resuming from a stored mid-pass cursor skips nothing', async () => {
    const iterator = connector.pullSales(null)[Symbol.asyncIterator]();
    const firstBatch = (await iterator.next()).value as PullBatch;
    await iterator.return?.(undefined);
    const resumed = documentsOf(await pullAll(connector, firstBatch.cursor));
    const union = new Set([...firstBatch.documents, ...resumed].map((doc) => doc.erpId));
    expect([...union].sort()).toEqual(expectedSalesGuids(sim));
  });

  it('reports a bad voucher with field paths while the rest of the batch syncs', async () => {
    const documents = documentsOf(await pullAll(connector, null));
    const bad = documents.find((doc) => doc.erpId === sim.company.guid + '-0000000e')!;
    expect(bad.normalised.ok).toBe(false);
    if (bad.normalised.ok) return;
    expect(bad.normalised.errors).toEqual([
      expect.objectContaining({
        path: 'voucher.ALLINVENTORYENTRIES[1].RATE',
        rule: 'rate',
        value: 'abc/nos',
      }),
    ]);
    expect(documents.filter((doc) => doc.normalised.ok).length).toBeGreaterThan(500);
  });

  it('flags cancelled vouchers as deleted', async () => {
    const first = await pullAll(connector, null);
    const guid = documentsOf(first)[3].erpId;
    sim.deleteVoucher(guid, 'cancel');
    const second = documentsOf(await pullAll(connector, first[first.length - 1].cursor));
    expect(second).toEqual([expect.objectContaining({ erpId: guid, deleted: true })]);
  });

  it('writes IRN and e-way bill back, confirmed by read-back, without changing the content hash', async () => {
    const documents = documentsOf(await pullAll(connector, null));
    const target = documents.find((doc) => doc.normalised.ok)!;
    await connector.writeBack(
      { id: 'd1', erpId: target.erpId, documentDate: target.documentDate },
      {
        regime: 'in-einvoice',
        state: 'REGISTERED',
        identifiers: {
          irn: 'a'.repeat(64),
          ackNo: '112410150000123',
          ackDate: '2024-04-15 12:30:00',
          ewbNo: '381101234231',
          ewbDate: '2024-04-15 12:31:00',
        },
      },
    );
    const stored = sim.voucher(target.erpId)!;
    expect(stored).toContain(`<IRN>${'a'.repeat(64)}</IRN>`);
    expect(stored).toContain('<IRNACKDATE>20240415</IRNACKDATE>');
    expect(stored).toMatch(/<BILLNUMBER>381101234231<\/BILLNUMBER>/);
    expect(sim.createdByImport()).toHaveLength(0);
    const again = documentsOf(await pullAll(connector, null)).find((doc) => doc.erpId === target.erpId)!;
    expect(again.contentHash).toBe(target.contentHash);
    expect(again.normalised).toEqual(target.normalised);
  });

  it('detects an Alter that Tally turned into a duplicate voucher', async () => {
    const documents = documentsOf(await pullAll(connector, null));
    const target = documents.find((doc) => doc.normalised.ok)!;
    sim.hooks.beforeImport = () => sim.deleteVoucher(target.erpId, 'delete');
    const attempt = connector.writeBack(
      { id: 'd2', erpId: target.erpId, documentDate: target.documentDate },
      {
        regime: 'in-einvoice',
        state: 'REGISTERED',
        identifiers: { irn: 'b'.repeat(64), ackNo: '1', ackDate: '2024-04-15' },
      },
    );
    await expect(attempt).rejects.toThrow(ConnectorError);
    await expect(attempt).rejects.toThrow(/instead of altering/);
    expect(sim.createdByImport()).toHaveLength(1);
  });
});

describe('Tally connector: encodings and hostile XML', () => {
  it('reads UTF-16LE answers with control characters and keeps Unicode names', async () => {
    const sim = await startTallySimulator({ voucherCount: 120, seed: 11, companyName: COMPANY, utf16: true });
    const connector = connectorFor(sim.url, { utf16: true });
    try {
      const documents = documentsOf(await pullAll(connector, null));
      expect(documents.length).toBeGreaterThan(90);
      const names = documents.flatMap((doc) =>
        doc.normalised.ok ? [doc.normalised.value.buyer.legalName] : [],
      );
      expect(names).toEqual(expect.arrayContaining(['கணேஷ் ஸ்டோர்ஸ்', 'Śrī Gaṇeśa Enterprises']));
      const controlNarration = documents.find(
        (doc) => doc.documentNumber === 'INV/8' || doc.erpId.endsWith('-00000008'),
      );
      expect(controlNarration?.normalised.ok).toBe(true);
    } finally {
      await connector.close();
      await sim.stop();
    }
  });

  it('refuses a response with a DOCTYPE (XXE / entity expansion)', async () => {
    const hostile = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/xml' });
      res.end(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><ENVELOPE>&xxe;</ENVELOPE>',
      );
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const connector = connectorFor(`http://127.0.0.1:${(hostile.address() as AddressInfo).port}`);
    try {
      const result = await connector.check();
      expect(result.ok).toBe(false);
      expect(result.details?.errorClass).toBe('system');
      expect(result.message).toMatch(/DOCTYPE/);
    } finally {
      await connector.close();
      await new Promise<void>((resolve) => hostile.close(() => resolve()));
    }
  });

  /** check() against a server answering every request with `answer`. */
  async function checkAgainst(
    answer: (res: http.ServerResponse) => void,
    overrides: Partial<TallyConfig> = {},
  ): Promise<Awaited<ReturnType<TallyConnector['check']>>> {
    const server = http.createServer((req, res) => {
      req.resume();
      answer(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const connector = connectorFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, overrides);
    try {
      return await connector.check();
    } finally {
      await connector.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it('names an HTML error page served as XML for what it is, not "company not open"', async () => {
    const result = await checkAgainst((res) => {
      res.writeHead(200, { 'Content-Type': 'text/xml' });
      res.end('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>');
    });
    expect(result.ok).toBe(false);
    expect(result.details?.errorClass).toBe('config');
    expect(result.message).toMatch(/<html>, not Tally's <ENVELOPE>/);
    expect(result.message).not.toMatch(/is not open/);
  });

  it('refuses deeply nested junk, naming the depth', async () => {
    const result = await checkAgainst((res) => {
      res.writeHead(200, { 'Content-Type': 'text/xml' });
      res.end(`<ENVELOPE>${'<A>'.repeat(10_000)}${'</A>'.repeat(10_000)}</ENVELOPE>`);
    });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/more than 256 deep/);
    expect(result.message).not.toMatch(/is not open/);
  });

  it('stops an endless answer at maxResponseBytes and names the limit', async () => {
    const chunk = Buffer.alloc(64 * 1024, ' ');
    const result = await checkAgainst(
      (res) => {
        res.writeHead(200, { 'Content-Type': 'text/xml' });
        res.write('<ENVELOPE><BODY>');
        const more = (): void => {
          if (res.destroyed) return;
          if (res.write(chunk)) setImmediate(more);
          else res.once('drain', more);
        };
        more();
        res.on('error', () => undefined);
      },
      { maxResponseBytes: 4 * 1024 * 1024 },
    );
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/passed 4194304 bytes \(tally maxResponseBytes\)/);
  });
});
