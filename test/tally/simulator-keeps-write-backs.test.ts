/**
 * Issue 29: the simulated TallyPrime company keeps what the connector wrote back across restarts, as a
 * real company's books do (the development sandbox gives it a state file under its data folder).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PullBatch, SourceDocument } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator } from '@erp-connector/sandbox/tally';

const COMPANY = 'Restart Traders';
const log = { info: (): void => undefined, warn: (): void => undefined };
const IRN = 'f'.repeat(64);

describe('the simulated Tally company after a restart', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tally-state-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const start = (booksFrom: string) =>
    startTallySimulator({
      voucherCount: 10,
      seed: 7,
      companyName: COMPANY,
      booksFrom,
      stateFile: join(dir, 'company.json'),
    });

  it('still holds the IRN written back before, on the same books (a later start date is ignored)', async () => {
    const first = await start('20261101');
    const connector = new TallyConnector(
      'tally-restart',
      Object.assign(new TallyConfig(), { url: first.url, companyName: COMPANY, timeoutMs: 5000 }),
      { dataDir: dir, log },
    );
    const batches: PullBatch[] = [];
    for await (const batch of connector.pullSales(null)) batches.push(batch);
    const target: SourceDocument = batches.flatMap((b) => b.documents).find((d) => d.normalised.ok)!;
    await connector.writeBack(
      {
        id: target.erpId,
        erpId: target.erpId,
        documentNumber: target.documentNumber,
        documentDate: target.documentDate,
        raw: target.raw,
      },
      {
        regime: 'in-einvoice',
        state: 'REGISTERED',
        identifiers: { irn: IRN, ackNo: '112410150000123', ackDate: '2026-11-15 12:30:00' },
      },
    );
    await connector.close();
    expect(first.voucher(target.erpId)).toContain(IRN);
    await first.stop();

    const second = await start('20261120');
    try {
      expect(second.voucher(target.erpId)).toContain(IRN);
      const date = target.documentDate!.replace(/-/g, '');
      expect(second.voucher(target.erpId)).toMatch(new RegExp(`<DATE\\b[^>]*>${date}</DATE>`));
    } finally {
      await second.stop();
    }
  });

  it('without a state file every start is a new company (load tests, the other suites)', async () => {
    const sim = await startTallySimulator({ voucherCount: 3, seed: 7, companyName: COMPANY });
    await sim.stop();
    const again = await startTallySimulator({ voucherCount: 3, seed: 7, companyName: COMPANY });
    try {
      expect(again.imports).toHaveLength(0);
    } finally {
      await again.stop();
    }
  });
});
