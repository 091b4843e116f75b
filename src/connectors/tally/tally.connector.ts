import { availableParallelism } from 'node:os';
import {
  ConnectorError,
  type CheckResult,
  type ConnectorContext,
  type ConnectorCursor,
  type ErpConnector,
  type PullBatch,
  type PurchasePeriod,
  type PurchaseRecord,
  type WriteBackDocument,
  type WriteBackOutcome,
} from '../contract';
import {
  ledgersRequest,
  listCompaniesRequest,
  stockItemsRequest,
  voucherCountByDateRequest,
  vouchersRequest,
  importVouchersRequest,
  VOUCHER_RECORDS,
  type VoucherQuery,
} from './tally-envelopes';
import { TallyHttpClient } from './tally-http-client';
import {
  type MasterIndex,
  masterIndexOf,
  readCompany,
  readInt,
  type CompanyInfo,
  type MasterSnapshot,
} from './tally-masters';
import type { TallyConfig } from './tally.config';
import { parseTallyDate } from './tally-values';
import { planWindows, readCursor, writeCursor, type DayCount } from './sync-windows';
import { HASH_EXCLUDED, voucherRef } from './voucher-document';
import type { NormaliseContext } from './voucher-normaliser';
import { purchaseRecordOf, unreadablePurchaseRecord } from './purchase-record';
import {
  alterVoucher,
  fieldsToWrite,
  readBackValue,
  readImportResult,
  type WrittenField,
} from './write-back-voucher';
import { childText, type TallyNode } from './xml/tally-node';
import { serializeTallyNode } from './xml/xml-writer';
import { PullWorker } from './pull-worker';
import { documentTypeOf, type SalesVoucherTypes } from './voucher-types';
import { windowBatches, type WindowBatch, type WindowWork } from './window-batches';
/**
 * Most documents handed over in one batch. Windows still hold up to `batchSize` vouchers (one Tally request
 * each); batches are small so that a batch is handed over, and dropped by the consumer, while its documents
 * are still young. Measured on 10-line invoices (a young generation holds some 60 of them): with batches of
 * 25 or more, and at times 20, V8 starts allocating straight into old space (allocation-site pretenuring),
 * which then fills with dead invoices until a full collection: peak RSS 260+ MB instead of 170 MB. Batches
 * of 10 kept the heap flat in every run.
 */
const MAX_BATCH_DOCUMENTS = 10;
/** GST came into force on 1 July 2017: no e-invoice can be older. */
const GST_START = '2017-07-01';

/**
 * TallyPrime over its XML/HTTP listener: incremental sales sync by AlterID watermark, purchase register
 * for reconciliation, and write-back of IRN/e-way bill identifiers confirmed by reading the voucher back.
 */
export class TallyConnector implements ErpConnector {
  readonly kind = 'tally';
  private readonly client: TallyHttpClient;
  private masters?: { alterId: number; index: MasterIndex; snapshot: MasterSnapshot };
  private readonly hashExcluded: ReadonlySet<string>;
  /** Started on the first pull that has more than one window; stopped by close(). */
  private workers?: PullWorker[];

  constructor(
    readonly instanceName: string,
    private readonly config: TallyConfig,
    private readonly context: ConnectorContext,
  ) {
    this.client = new TallyHttpClient({ url: config.url, timeoutMs: config.timeoutMs, utf16: config.utf16 });
    const udfs = Object.entries(config.writeBackFields)
      .filter(([key, value]) => key !== 'mode' && typeof value === 'string')
      .flatMap(([, name]) => [`UDF:${String(name)}.LIST`, `UDF:${String(name)}`]);
    this.hashExcluded = new Set([...HASH_EXCLUDED, ...udfs]);
  }

  async check(): Promise<CheckResult> {
    try {
      const company = await this.company();
      return {
        ok: true,
        message: `Tally at ${this.config.url} has company "${company.name}" open`,
        details: {
          lastVoucherAlterId: company.lastVoucherAlterId,
          booksFrom: company.booksFrom,
          gstin: company.gstin,
        },
      };
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      return {
        ok: false,
        message: error.message,
        details: { errorClass: error.errorClass, ...error.details },
      };
    }
  }

  async *pullSales(cursor: ConnectorCursor): AsyncGenerator<PullBatch> {
    const start = readCursor(cursor);
    // Started first: a worker takes windows once it has loaded, meanwhile this thread pulls them itself.
    this.startWorkers();
    const company = await this.company();
    const ctx = await this.normaliseContext(company);
    const watermark = start.alterId;
    const target = start.passTarget ?? company.lastVoucherAlterId;
    if (target <= watermark) return;

    const query: VoucherQuery = {
      company: this.config.companyName,
      from: start.windowFrom ?? this.firstDay(company),
      to: this.lastDay(company),
      voucherTypes: this.salesTypes(),
      alterIdAbove: watermark,
      alterIdAtMost: target,
    };
    const windows = planWindows(await this.countByDate(query), this.config.batchSize);
    this.context.log.info('tally pull planned', { watermark, target, windows: windows.length });
    if (windows.length === 0) {
      yield { documents: [], cursor: { alterId: target } };
      return;
    }
    const work: WindowWork = {
      ctx,
      hashExcluded: this.hashExcluded,
      batchLimit: Math.min(this.config.batchSize, MAX_BATCH_DOCUMENTS),
    };
    const envelopes = windows.map((window) => vouchersRequest({ ...query, ...window }));
    const workers =
      windows.length > 1 ? this.pullWorkers(work, (await this.loadMasters(company)).snapshot) : [];
    /** Windows handed to a worker ahead of the one being yielded: at most one per worker. */
    const ahead = new Map<number, { worker: PullWorker; task: number }>();
    try {
      for (const [index, window] of windows.entries()) {
        const resumeHere = writeCursor({ alterId: watermark, passTarget: target, windowFrom: window.from });
        const next = windows[index + 1];
        const windowDone = next
          ? writeCursor({ alterId: watermark, passTarget: target, windowFrom: next.from })
          : { alterId: target };
        const assigned = ahead.get(index);
        ahead.delete(index);
        if (!assigned) {
          let upcoming = index + 1;
          for (const worker of workers) {
            if (!worker.idle || upcoming >= windows.length) continue;
            ahead.set(upcoming, { worker, task: worker.fetch(envelopes[upcoming]) });
            upcoming += 1;
          }
        }
        for await (const batch of this.windowBatches(envelopes[index], work, assigned)) {
          yield { documents: batch.documents, cursor: batch.last ? windowDone : resumeHere };
        }
      }
    } finally {
      // Left early (an error, or the consumer stopped): workers still busy are stopped, not waited for.
      for (const worker of workers) if (worker.busy) this.dropWorker(worker);
    }
  }

  /** A window's batches: read from the worker it was handed to, else (or if that worker died first) pulled here. */
  private async *windowBatches(
    envelope: string,
    work: WindowWork,
    assigned: { worker: PullWorker; task: number } | undefined,
  ): AsyncGenerator<WindowBatch> {
    if (assigned && (yield* assigned.worker.batches(assigned.task))) return;
    yield* windowBatches(this.client.records(envelope, VOUCHER_RECORDS), work);
  }

  /** Pull workers up to `parallelism` - 1 (none where parallelism is 1 or threads cannot start). */
  private startWorkers(): void {
    const wanted = (this.config.parallelism ?? Math.min(2, availableParallelism())) - 1;
    const workers = (this.workers = (this.workers ?? []).filter((worker) => worker.alive));
    while (workers.length < wanted) {
      const worker = PullWorker.start({
        url: this.config.url,
        timeoutMs: this.config.timeoutMs,
        utf16: this.config.utf16,
      });
      if (!worker) break;
      workers.push(worker);
    }
  }

  /** The pull workers, given this pull's context; those still starting take windows once ready. */
  private pullWorkers(work: WindowWork, snapshot: MasterSnapshot): PullWorker[] {
    const workers = (this.workers ?? []).filter((worker) => worker.alive);
    const context = {
      company: work.ctx.company,
      masters: snapshot,
      voucherTypes: this.voucherTypes(),
      hashExcluded: [...work.hashExcluded],
      batchLimit: work.batchLimit,
    };
    for (const worker of workers) worker.setContext(context);
    return workers;
  }

  private dropWorker(worker: PullWorker): void {
    this.workers = this.workers?.filter((other) => other !== worker);
    void worker.stop().catch(() => undefined);
  }

  async *pullPurchases(period: PurchasePeriod): AsyncGenerator<PurchaseRecord[]> {
    const company = await this.company();
    const masters = await this.masterIndex(company);
    const query: VoucherQuery = {
      company: this.config.companyName,
      from: period.from,
      to: period.to,
      voucherTypes: this.config.purchaseVoucherTypes,
    };
    for (const window of planWindows(await this.countByDate(query), this.config.batchSize)) {
      const records: PurchaseRecord[] = [];
      for await (const voucher of this.client.records(
        vouchersRequest({ ...query, ...window }),
        VOUCHER_RECORDS,
      )) {
        const record = purchaseRecordOf(voucher, masters);
        if (record.ok) records.push(record.value);
        // Kept with why (not skipped), so the operator sees every purchase the books hold; cancelled ones are not purchases.
        else if (record.reason !== 'cancelled') records.push(unreadablePurchaseRecord(voucher, record));
      }
      yield records;
    }
  }

  async writeBack(document: WriteBackDocument, outcome: WriteBackOutcome): Promise<void> {
    const fields = fieldsToWrite(outcome.identifiers, this.config.writeBackFields);
    if (outcome.state !== 'REGISTERED' || fields.length === 0) return;
    const company = await this.company();
    const date = document.documentDate ?? (document.raw as { date?: string } | undefined)?.date;
    const exported = await this.fetchVoucher(document.erpId, date, company);
    if (!exported) {
      throw new ConnectorError('system', `voucher ${document.erpId} is not in Tally any more (deleted?)`, {
        guid: document.erpId,
      });
    }
    const voucherDate = parseTallyDate(childText(exported, 'DATE')) ?? date ?? GST_START;
    const request = importVouchersRequest(
      this.config.companyName,
      serializeTallyNode(alterVoucher(exported, fields)),
    );
    const result = readImportResult(await this.client.document(request));
    const readBack = await this.fetchVoucher(document.erpId, voucherDate, company);
    const missing = readBack
      ? fields.filter((field) => !field.optional && readBackValue(readBack, field.path) !== field.value)
      : fields;
    const duplicate = await this.duplicateOf(document.erpId, voucherDate, fields);
    if (duplicate) {
      throw new ConnectorError(
        'system',
        `Tally created voucher ${duplicate} instead of altering ${document.erpId}: delete the duplicate in Tally`,
        { guid: document.erpId, duplicateGuid: duplicate, created: result.created },
      );
    }
    if (missing.length > 0) {
      const tallySays = result.lineErrors.join('; ') || `no LINEERROR; counters ${JSON.stringify(result)}`;
      throw new ConnectorError(
        'system',
        `write-back to Tally voucher ${document.erpId} not confirmed (${missing.map((f) => f.path).join(', ')} not stored): ${tallySays}`,
        { guid: document.erpId, lineErrors: result.lineErrors, missing: missing.map((field) => field.path) },
      );
    }
  }

  async close(): Promise<void> {
    this.client.close();
    const workers = this.workers ?? [];
    this.workers = undefined;
    await Promise.all(workers.map((worker) => worker.stop()));
  }

  private salesTypes(): string[] {
    const { salesVoucherTypes, creditNoteVoucherTypes, debitNoteVoucherTypes } = this.config;
    return [...salesVoucherTypes, ...creditNoteVoucherTypes, ...debitNoteVoucherTypes];
  }

  private voucherTypes(): SalesVoucherTypes {
    const { salesVoucherTypes, creditNoteVoucherTypes, debitNoteVoucherTypes } = this.config;
    return {
      sales: salesVoucherTypes,
      creditNotes: creditNoteVoucherTypes,
      debitNotes: debitNoteVoucherTypes,
    };
  }

  private firstDay(company: CompanyInfo): string {
    const first = this.config.startDate ?? company.booksFrom ?? GST_START;
    return first < GST_START ? GST_START : first;
  }

  private lastDay(company: CompanyInfo): string {
    const today = new Date().toISOString().slice(0, 10);
    return company.lastVoucherDate && company.lastVoucherDate > today ? company.lastVoucherDate : today;
  }

  private async company(): Promise<CompanyInfo> {
    const names: string[] = [];
    for await (const node of this.client.records(listCompaniesRequest(), { childrenOf: 'COLLECTION' })) {
      const company = readCompany(node);
      if (company.name === this.config.companyName) return company;
      names.push(company.name);
    }
    throw new ConnectorError(
      'config',
      `company "${this.config.companyName}" is not open in Tally (open: ${names.map((name) => `"${name}"`).join(', ') || 'none'})`,
      { openCompanies: names },
    );
  }

  private async masterIndex(company: CompanyInfo): Promise<MasterIndex> {
    return (await this.loadMasters(company)).index;
  }

  private async loadMasters(company: CompanyInfo): Promise<{ index: MasterIndex; snapshot: MasterSnapshot }> {
    if (this.masters && this.masters.alterId === company.lastMasterAlterId) return this.masters;
    const snapshot: MasterSnapshot = { ledgers: [], items: [] };
    for await (const node of this.client.records(ledgersRequest(this.config.companyName), {
      childrenOf: 'COLLECTION',
    })) {
      snapshot.ledgers.push(node);
    }
    for await (const node of this.client.records(stockItemsRequest(this.config.companyName), {
      childrenOf: 'COLLECTION',
    })) {
      snapshot.items.push(node);
    }
    this.masters = { alterId: company.lastMasterAlterId, index: masterIndexOf(snapshot), snapshot };
    return this.masters;
  }

  private async normaliseContext(company: CompanyInfo): Promise<NormaliseContext> {
    return {
      company,
      masters: await this.masterIndex(company),
      documentTypeOf: (type) => documentTypeOf(this.voucherTypes(), type),
    };
  }

  private async countByDate(query: VoucherQuery): Promise<DayCount[]> {
    const days: DayCount[] = [];
    for await (const row of this.client.records(voucherCountByDateRequest(query), {
      childrenOf: 'COLLECTION',
    })) {
      const date = parseTallyDate(childText(row, 'VCHDATE'));
      if (date) days.push({ date, count: readInt(childText(row, 'VCHCOUNT')) });
    }
    return days;
  }

  /** The voucher as Tally has it now: on its known date first, then anywhere in the books (re-dated). */
  private async fetchVoucher(
    guid: string,
    date: string | undefined,
    company: CompanyInfo,
  ): Promise<TallyNode | undefined> {
    const periods = date ? [{ from: date, to: date }] : [];
    periods.push({ from: this.firstDay(company), to: this.lastDay(company) });
    for (const period of periods) {
      const request = vouchersRequest({
        company: this.config.companyName,
        ...period,
        voucherTypes: [],
        guid,
      });
      for await (const voucher of this.client.records(request, VOUCHER_RECORDS)) return voucher;
    }
    return undefined;
  }

  /** A voucher other than ours carrying the value we just wrote: an Alter Tally turned into a Create. */
  private async duplicateOf(
    guid: string,
    date: string,
    fields: readonly WrittenField[],
  ): Promise<string | undefined> {
    const irn = fields.find((field) => field.path === 'IRN')?.value;
    const query: VoucherQuery = { company: this.config.companyName, from: date, to: date, voucherTypes: [] };
    const request = vouchersRequest(irn ? { ...query, irn } : query);
    const probe = fields[0];
    for await (const voucher of this.client.records(request, VOUCHER_RECORDS)) {
      const other = voucherRef(voucher).guid;
      if (other !== guid && probe && readBackValue(voucher, probe.path) === probe.value) return other;
    }
    return undefined;
  }
}
