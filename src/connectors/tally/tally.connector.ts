import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
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
  type WriteBackItem,
  type WriteBackOutcome,
} from '../contract';
import {
  ledgersRequest,
  listCompaniesRequest,
  stockItemsRequest,
  voucherTypesRequest,
  gstRegistrationsRequest,
  voucherCountByDateRequest,
  vouchersRequest,
  VOUCHER_RECORDS,
  type VoucherQuery,
} from './tally-envelopes';
import { TallyHttpClient } from './tally-http-client';
import {
  type MasterIndex,
  masterIndexOf,
  readCompany,
  type CompanyInfo,
  type MasterSnapshot,
} from './tally-masters';
import type { TallyConfig } from './tally.config';
import {
  checkWindowRead,
  planWindows,
  readCursor,
  readDayCount,
  writeCursor,
  type DayCount,
} from './sync-windows';
import { HASH_EXCLUDED, voucherRef } from './voucher-document';
import type { NormaliseContext } from './voucher-normaliser';
import { purchaseRecordOf, unreadablePurchaseRecord } from './purchase-record';
import { fieldsToWrite } from './write-back-voucher';
import { isSupplierNote } from './supplier-notes';
import { VoucherRegistry } from './voucher-registry';
import { DeliveredVouchers, deletedDocument, deletionCandidates } from './deleted-vouchers';
import { TallyWriteBack, type WriteBackJob } from './tally-write-back';
import { PullWorker } from './pull-worker';
import { documentTypeOf, resolveVoucherTypes, type SalesVoucherTypes } from './voucher-types';
import type { TallyNode } from './xml/tally-node';

interface LoadedMasters {
  /** Master AlterID of the company when loaded: reloaded when it moves. */
  alterId: number;
  index: MasterIndex;
  snapshot: MasterSnapshot;
  /** Sales, credit and debit note voucher types, custom ones included. */
  types: SalesVoucherTypes;
}
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
/** How long company facts (books period, counters) are reused by write-backs between pulls. */
const COMPANY_FACTS_TTL_MS = 5 * 60_000;
/** GST came into force on 1 July 2017: no e-invoice can be older. */
const GST_START = '2017-07-01';

/**
 * TallyPrime over its XML/HTTP listener: incremental sales sync by AlterID watermark, purchase register
 * for reconciliation, and write-back of IRN/e-way bill identifiers confirmed by reading the voucher back.
 */
export class TallyConnector implements ErpConnector {
  readonly kind = 'tally';
  private readonly client: TallyHttpClient;
  private masters?: LoadedMasters;
  private readonly hashExcluded: ReadonlySet<string>;
  private companyFacts?: { at: number; info: CompanyInfo };
  private readonly writer: TallyWriteBack;
  /** Started on the first pull that has more than one window; stopped by close(). */
  private workers?: PullWorker[];

  constructor(
    readonly instanceName: string,
    private readonly config: TallyConfig,
    private readonly context: ConnectorContext,
  ) {
    this.client = new TallyHttpClient({
      url: config.url,
      timeoutMs: config.timeoutMs,
      utf16: config.utf16,
      maxResponseBytes: config.maxResponseBytes,
    });
    const udfs = Object.entries(config.writeBackFields)
      .filter(([key, value]) => key !== 'mode' && typeof value === 'string')
      .flatMap(([, name]) => [`UDF:${String(name)}.LIST`, `UDF:${String(name)}`]);
    this.hashExcluded = new Set([...HASH_EXCLUDED, ...udfs]);
    this.writer = new TallyWriteBack(this.client, config.companyName, async () => {
      const company = await this.recentCompany();
      return { from: this.firstDay(company), to: this.lastDay(company) };
    });
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
        errorClass: error.errorClass,
        details: { errorClass: error.errorClass, ...error.details },
      };
    }
  }

  async *pullSales(cursor: ConnectorCursor): AsyncGenerator<PullBatch> {
    const start = readCursor(cursor);
    // Started first: a worker takes windows once it has loaded, meanwhile this thread pulls them itself.
    this.startWorkers();
    const company = await this.company();
    const { types } = await this.loadMasters(company);
    const ctx = await this.normaliseContext(company);
    const watermark = start.alterId;
    const target = start.passTarget ?? company.lastVoucherAlterId;
    // A sync's first pull names its file of delivered vouchers and starts it empty.
    const registryName = start.registry ?? registryNameOf(this.instanceName, company.guid, target);
    const registry = new VoucherRegistry(join(this.context.dataDir, `tally-vouchers-${registryName}.tsv`));
    if (cursor === null) await registry.clear();
    const delivered = new DeliveredVouchers(registry, watermark > 0);
    const allTypes = [...types.sales, ...types.creditNotes, ...types.debitNotes];
    const done = { alterId: Math.max(target, watermark), registry: registryName };
    if (target <= watermark) {
      yield* this.deletedFromBooks(registry, delivered, company, allTypes, done);
      return;
    }

    const query: VoucherQuery = {
      company: this.config.companyName,
      from: start.windowFrom ?? this.firstDay(company),
      to: this.lastDay(company),
      voucherTypes: allTypes,
      alterIdAbove: watermark,
      alterIdAtMost: target,
    };
    const windows = planWindows(await this.countByDate(query), this.config.batchSize);
    this.context.log.info('tally pull planned', { watermark, target, windows: windows.length });
    if (windows.length === 0) {
      yield { documents: [], cursor: done };
      yield* this.deletedFromBooks(registry, delivered, company, allTypes, done);
      return;
    }
    const work: WindowWork = {
      ctx,
      hashExcluded: this.hashExcluded,
      batchLimit: Math.min(this.config.batchSize, MAX_BATCH_DOCUMENTS),
    };
    const envelopes = windows.map((window) => vouchersRequest({ ...query, ...window }));
    const workers =
      windows.length > 1 ? this.pullWorkers(work, (await this.loadMasters(company)).snapshot, types) : [];
    /** Windows handed to a worker ahead of the one being yielded: at most one per worker. */
    const ahead = new Map<number, { worker: PullWorker; task: number }>();
    try {
      for (const [index, window] of windows.entries()) {
        const pass = { alterId: watermark, passTarget: target, registry: registryName };
        const resumeHere = writeCursor({ ...pass, windowFrom: window.from });
        const next = windows[index + 1];
        const windowDone = next ? writeCursor({ ...pass, windowFrom: next.from }) : done;
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
        let read = 0;
        for await (const batch of this.windowBatches(envelopes[index], work, assigned)) {
          read += batch.read;
          // Checked before the batch that would move the cursor past the window is handed over.
          if (batch.last) checkWindowRead(window, read, { watermark, target });
          yield { documents: batch.documents, cursor: batch.last ? windowDone : resumeHere };
          // Handed over and stored by now: remembered, for deletions to be found later.
          await delivered.add(batch.documents);
        }
      }
    } finally {
      // Left early (an error, or the consumer stopped): workers still busy are stopped, not waited for.
      for (const worker of workers) if (worker.busy) this.dropWorker(worker);
    }
    yield* this.deletedFromBooks(registry, delivered, company, allTypes, done);
  }

  /**
   * Vouchers deleted from Tally's books since they were delivered (not cancelled: gone), as documents
   * flagged deleted, so the operator sees them (a registered one needs a cancellation decision). Candidates
   * are the delivered vouchers of days where Tally now counts fewer vouchers than were delivered, and those
   * whose type and number came back under another GUID (deleted and entered again); a candidate is reported
   * only when Tally has no voucher with its GUID.
   */
  private async *deletedFromBooks(
    registry: VoucherRegistry,
    delivered: DeliveredVouchers,
    company: CompanyInfo,
    voucherTypes: string[],
    cursor: ConnectorCursor,
  ): AsyncGenerator<PullBatch> {
    await delivered.flush();
    if (!delivered.incremental) return;
    const known = await registry.summary(delivered.numbers);
    if (known.dates.size === 0) return;
    const books = { from: this.firstDay(company), to: this.lastDay(company) };
    const counted = new Map<string, number>();
    for (const day of await this.countByDate({ company: this.config.companyName, ...books, voucherTypes }))
      counted.set(day.date, day.count);
    const candidates = deletionCandidates(known, counted);
    if (candidates.length === 0) return;
    const present = new Set<string>();
    for (let start = 0; start < candidates.length; start += 200) {
      const guids = candidates.slice(start, start + 200);
      const request = vouchersRequest({
        company: this.config.companyName,
        ...books,
        voucherTypes: [],
        guids,
      });
      for await (const voucher of this.client.records(request, VOUCHER_RECORDS))
        present.add(voucherRef(voucher).guid);
    }
    const goneGuids = new Set(candidates.filter((guid) => !present.has(guid)));
    if (goneGuids.size === 0) return;
    const records = await registry.records(goneGuids);
    const gone = [...records.values()];
    if (gone.length === 0) return;
    this.context.log.warn('tally vouchers deleted from the books', { count: gone.length });
    for (let start = 0; start < gone.length; start += MAX_BATCH_DOCUMENTS) {
      yield { documents: gone.slice(start, start + MAX_BATCH_DOCUMENTS).map(deletedDocument), cursor };
    }
    await registry.forget(gone.map((voucher) => voucher.guid));
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
        maxResponseBytes: this.config.maxResponseBytes,
      });
      if (!worker) break;
      workers.push(worker);
    }
  }

  /** The pull workers, given this pull's context; those still starting take windows once ready. */
  private pullWorkers(
    work: WindowWork,
    snapshot: MasterSnapshot,
    voucherTypes: SalesVoucherTypes,
  ): PullWorker[] {
    const workers = (this.workers ?? []).filter((worker) => worker.alive);
    const context = {
      company: work.ctx.company,
      masters: snapshot,
      voucherTypes,
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

  /** Purchases, and the credit and debit notes entered against suppliers (GSTR-2B's CDNR). */
  async *pullPurchases(period: PurchasePeriod): AsyncGenerator<PurchaseRecord[]> {
    const company = await this.company();
    const { index: masters, types } = await this.loadMasters(company);
    const query: VoucherQuery = {
      company: this.config.companyName,
      from: period.from,
      to: period.to,
      voucherTypes: [...this.config.purchaseVoucherTypes, ...types.creditNotes, ...types.debitNotes],
    };
    for (const window of planWindows(await this.countByDate(query), this.config.batchSize)) {
      const records: PurchaseRecord[] = [];
      let read = 0;
      for await (const voucher of this.client.records(
        vouchersRequest({ ...query, ...window }),
        VOUCHER_RECORDS,
      )) {
        read += 1;
        const kind = documentTypeOf(types, voucherRef(voucher).voucherType);
        // Notes to customers are sales documents, pulled by pullSales.
        if (kind !== undefined && !isSupplierNote(voucher, masters)) continue;
        const record = purchaseRecordOf(
          voucher,
          masters,
          kind === undefined ? 'INV' : supplierNoteType(kind),
        );
        if (record.ok) records.push(record.value);
        // Kept with why (not skipped), so the operator sees every purchase the books hold; cancelled ones are not purchases.
        else if (record.reason !== 'cancelled') records.push(unreadablePurchaseRecord(voucher, record));
      }
      checkWindowRead(window, read);
      yield records;
    }
  }

  async writeBack(document: WriteBackDocument, outcome: WriteBackOutcome): Promise<void> {
    const [error] = await this.writeBackMany([{ document, outcome }]);
    if (error) throw error;
  }

  /** Registered outcomes written back several vouchers per request (see TallyWriteBack). */
  async writeBackMany(items: readonly WriteBackItem[]): Promise<(ConnectorError | undefined)[]> {
    const jobs: WriteBackJob[] = [];
    const positions: number[] = [];
    items.forEach(({ document, outcome }, index) => {
      const fields = fieldsToWrite(outcome.identifiers, this.config.writeBackFields);
      if (outcome.state !== 'REGISTERED' || fields.length === 0) return;
      jobs.push({ document, fields });
      positions.push(index);
    });
    const results: (ConnectorError | undefined)[] = items.map(() => undefined);
    if (jobs.length === 0) return results;
    const written = await this.writer.write(jobs);
    positions.forEach((position, k) => (results[position] = written[k]));
    return results;
  }

  async close(): Promise<void> {
    this.client.close();
    const workers = this.workers ?? [];
    this.workers = undefined;
    await Promise.all(workers.map((worker) => worker.stop()));
  }

  /** The configured sales, credit note and debit note types (custom ones are added from the masters). */
  private configuredTypes(): SalesVoucherTypes {
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

  /** The company's facts as of at most COMPANY_FACTS_TTL_MS ago: write-backs do not list companies each. */
  private async recentCompany(): Promise<CompanyInfo> {
    const cached = this.companyFacts;
    if (cached && Date.now() - cached.at < COMPANY_FACTS_TTL_MS) return cached.info;
    return this.company();
  }

  private async company(): Promise<CompanyInfo> {
    const info = await this.listCompany();
    this.companyFacts = { at: Date.now(), info };
    return info;
  }

  private async listCompany(): Promise<CompanyInfo> {
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

  private async loadMasters(company: CompanyInfo): Promise<LoadedMasters> {
    if (this.masters && this.masters.alterId === company.lastMasterAlterId) return this.masters;
    const snapshot: MasterSnapshot = { ledgers: [], items: [], voucherTypes: [], gstRegistrations: [] };
    const name = this.config.companyName;
    const lists: [string, TallyNode[]][] = [
      [ledgersRequest(name), snapshot.ledgers],
      [stockItemsRequest(name), snapshot.items],
      [voucherTypesRequest(name), snapshot.voucherTypes],
      [gstRegistrationsRequest(name), snapshot.gstRegistrations],
    ];
    for (const [request, into] of lists) {
      try {
        for await (const node of this.client.records(request, { childrenOf: 'COLLECTION' })) into.push(node);
      } catch (error) {
        // GST registration masters are TallyPrime 3's: a release without them answers with a LINEERROR.
        const optional = into === snapshot.gstRegistrations;
        if (!optional || !(error instanceof ConnectorError) || error.details?.lineError === undefined)
          throw error;
        this.context.log.warn('tally: no GST registration masters', { reason: error.message });
      }
    }
    this.masters = {
      alterId: company.lastMasterAlterId,
      index: masterIndexOf(snapshot),
      snapshot,
      types: resolveVoucherTypes(this.configuredTypes(), snapshot.voucherTypes),
    };
    return this.masters;
  }

  private async normaliseContext(company: CompanyInfo): Promise<NormaliseContext> {
    const { index, types } = await this.loadMasters(company);
    return { company, masters: index, documentTypeOf: (type) => documentTypeOf(types, type) };
  }

  /** Tally's day-wise count of the vouchers `query` selects; a row it cannot read stops the pass. */
  private async countByDate(query: VoucherQuery): Promise<DayCount[]> {
    const days: DayCount[] = [];
    for await (const row of this.client.records(voucherCountByDateRequest(query), {
      childrenOf: 'COLLECTION',
    })) {
      days.push(readDayCount(row));
    }
    return days;
  }
}

/** Our Debit Note to a supplier answers the supplier's credit note; our Credit Note, its debit note. */
function supplierNoteType(kind: 'INV' | 'CRN' | 'DBN'): 'CRN' | 'DBN' {
  return kind === 'DBN' ? 'CRN' : 'DBN';
}

/** The name of a sync's file of delivered vouchers: the same for the same instance, company and first pass. */
function registryNameOf(instanceName: string, companyGuid: string, target: number): string {
  return createHash('sha256').update(`${instanceName}\t${companyGuid}\t${target}`).digest('hex').slice(0, 16);
}
