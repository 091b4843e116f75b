/**
 * Findings 4 and 5 of issue 14: write-back judged by Tally's import counters (CREATED=1 for an Alter that
 * matched no voucher, reference responses/import_result_envelope_captured.xml and notes), an Alter payload
 * with one ledger list, each item once and Tally's `&#4;` markers as exported, few requests per voucher and
 * several vouchers per import.
 */
import type { PullBatch, SourceDocument, WriteBackOutcome } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator, type TallySimulator } from '@erp-connector/sandbox/tally';
import { startTallyProxy } from './tally-proxy';

const COMPANY = 'Writeback Works';
const log = { info: (): void => undefined, warn: (): void => undefined };

const registered = (irn: string): WriteBackOutcome => ({
  regime: 'in-einvoice',
  state: 'REGISTERED',
  identifiers: { irn, ackNo: '112410150000123', ackDate: '2024-04-15 12:30:00' },
});

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

describe('Tally write-back as TallyPrime answers imports', () => {
  let sim: TallySimulator;
  let connector: TallyConnector;
  let documents: SourceDocument[];

  beforeEach(async () => {
    sim = await startTallySimulator({ voucherCount: 120, seed: 31, companyName: COMPANY });
    const config = Object.assign(new TallyConfig(), { url: sim.url, companyName: COMPANY, timeoutMs: 5000 });
    connector = new TallyConnector('tally-wb', config, { dataDir: '/tmp', log });
    const batches: PullBatch[] = [];
    for await (const batch of connector.pullSales(null)) batches.push(batch);
    documents = batches.flatMap((batch) => batch.documents).filter((doc) => doc.normalised.ok);
  });
  afterEach(async () => {
    await connector.close();
    await sim.stop();
  });

  const itemInvoice = (): SourceDocument =>
    documents.find((doc) => /ALLINVENTORYENTRIES/.test(sim.voucher(doc.erpId)!))!;
  const asWriteBack = (doc: SourceDocument) => ({
    id: doc.erpId,
    erpId: doc.erpId,
    documentNumber: doc.documentNumber,
    documentDate: doc.documentDate,
    raw: doc.raw,
  });

  it('an Alter that Tally answered CREATED=1 fails, naming the created voucher and how to delete it', async () => {
    const target = itemInvoice();
    // Deleted and entered again with the same number after the connector exported it, before the import.
    sim.hooks.beforeImport = () => {
      sim.reenterVoucher(target.erpId);
      sim.hooks.beforeImport = undefined;
    };
    const attempt = connector.writeBack(asWriteBack(target), registered('c'.repeat(64)));
    await expect(attempt).rejects.toThrow(
      new RegExp(
        `Tally created Sales voucher ${target.documentNumber!.replace('/', '\\/')} .*instead of altering voucher ${target.erpId}.*Delete the created one`,
      ),
    );
    expect(sim.createdByImport()).toEqual([target.erpId]);
  });

  it('Tally takes the write-back and the read-back fails: the retry alters the same voucher, never a second one', async () => {
    const target = itemInvoice();
    let imported = false;
    let failed = false;
    // The read-back right after the first import answers junk: the write-back cannot be confirmed.
    const proxy = await startTallyProxy(sim.url, (answer, request) => {
      if (/<TALLYREQUEST>\s*Import/i.test(request)) imported = true;
      else if (imported && !failed) {
        failed = true;
        return '<ENVELOPE><BODY>';
      }
      return answer;
    });
    const config = Object.assign(new TallyConfig(), {
      url: proxy.url,
      companyName: COMPANY,
      timeoutMs: 5000,
    });
    const through = new TallyConnector('tally-wb-proxy', config, { dataDir: '/tmp', log });
    try {
      const irn = 'd'.repeat(64);
      await expect(through.writeBack(asWriteBack(target), registered(irn))).rejects.toThrow(/malformed XML/);
      expect(failed).toBe(true);
      await through.writeBack(asWriteBack(target), registered(irn));
      expect(sim.createdByImport()).toEqual([]);
      expect(count(sim.voucher(target.erpId)!, new RegExp(irn, 'g'))).toBe(1);
    } finally {
      await through.close();
      await proxy.stop();
    }
  });

  it('a voucher deleted from the books is reported as such, and nothing is imported', async () => {
    const target = itemInvoice();
    sim.deleteVoucher(target.erpId, 'delete');
    await expect(connector.writeBack(asWriteBack(target), registered('d'.repeat(64)))).rejects.toThrow(
      /no longer in Tally's books: it was deleted/,
    );
    expect(sim.imports).toHaveLength(0);
  });

  it('sends one ledger list, each item once and the &#4; markers as exported', async () => {
    const target = itemInvoice();
    const exported = sim.voucher(target.erpId)!;
    await connector.writeBack(asWriteBack(target), registered('e'.repeat(64)));
    const sent = sim.imports[0];
    const lists = ['<LEDGERENTRIES.LIST>', '<ALLLEDGERENTRIES.LIST>'].filter((tag) => sent.includes(tag));
    expect(lists).toEqual(['<LEDGERENTRIES.LIST>']);
    expect(count(sent, /<INVENTORYALLOCATIONS\.LIST>/g)).toBe(0);
    expect(count(sent, /<ALLINVENTORYENTRIES\.LIST>/g)).toBe(count(exported, /<ALLINVENTORYENTRIES\.LIST>/g));
    expect(count(sent, /&#4; Not Applicable/g)).toBe(count(exported, /&#4; Not Applicable/g));
    expect(count(sent, /&#4; Not Applicable/g)).toBeGreaterThan(0);
    expect(count(sent, />Not Applicable</g)).toBe(0);
    expect(sim.voucher(target.erpId)).toContain(`<IRN>${'e'.repeat(64)}</IRN>`);
  });

  it('costs three requests per write-back and no company list within a pull', async () => {
    const target = itemInvoice();
    const before = sim.requests.length;
    await connector.writeBack(asWriteBack(target), registered('f'.repeat(64)));
    const used = sim.requests.slice(before).map((request) => request.id);
    expect(used).toHaveLength(3);
    expect(used).not.toContain('ConnectorCompanies');
  });

  it('writes several vouchers with one export, one import and one read-back', async () => {
    const targets = documents.slice(0, 12);
    const before = sim.requests.length;
    const results = await connector.writeBackMany(
      targets.map((doc, index) => ({
        document: asWriteBack(doc),
        outcome: registered(index.toString(16).padStart(64, '0')),
      })),
    );
    expect(results).toEqual(targets.map(() => undefined));
    expect(sim.requests.length - before).toBe(3);
    expect(count(sim.imports[0], /<VOUCHER /g)).toBe(12);
    targets.forEach((doc, index) =>
      expect(sim.voucher(doc.erpId)).toContain(`<IRN>${index.toString(16).padStart(64, '0')}</IRN>`),
    );
  });

  it('a batch with a created voucher fails that one and confirms the rest', async () => {
    const targets = documents.slice(0, 4);
    sim.hooks.beforeImport = () => {
      sim.reenterVoucher(targets[2].erpId);
      sim.hooks.beforeImport = undefined;
    };
    const results = await connector.writeBackMany(
      targets.map((doc, index) => ({
        document: asWriteBack(doc),
        outcome: registered(`${index}`.repeat(64)),
      })),
    );
    expect(results.map((result) => result === undefined)).toEqual([true, true, false, true]);
    expect(results[2]?.message).toMatch(/Tally created .* instead of altering/);
  });

  it('leaves the content hash of invoices with and without items unchanged', async () => {
    const accounting = documents.find((doc) => !/ALLINVENTORYENTRIES/.test(sim.voucher(doc.erpId)!))!;
    const targets = [itemInvoice(), accounting];
    const results = await connector.writeBackMany(
      targets.map((doc, index) => ({
        document: asWriteBack(doc),
        outcome: registered(`${index + 7}`.repeat(64)),
      })),
    );
    expect(results).toEqual([undefined, undefined]);
    const again: SourceDocument[] = [];
    for await (const batch of connector.pullSales(null)) again.push(...batch.documents);
    for (const doc of targets)
      expect(again.find((other) => other.erpId === doc.erpId)!.contentHash).toBe(doc.contentHash);
  });
});
