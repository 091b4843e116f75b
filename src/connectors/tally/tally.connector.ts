import type { DocumentType } from '../../domain/canonical-invoice';

import {
  ConnectorError,
  type CheckResult,
  type ConnectorContext,
  type ConnectorCursor,
  type ErpConnector,
  type PullBatch,
  type PurchasePeriod,
  type PurchaseRecord,
  type SourceDocument,
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
  type VoucherQuery,
} from './tally-envelopes';
import { TallyHttpClient } from './tally-http-client';
import {
  MasterIndex,
  readCompany,
  readInt,
  readLedger,
  readStockItem,
  type CompanyInfo,
} from './tally-masters';
import type { TallyConfig } from './tally.config';
import { parseTallyDate } from './tally-values';
import { planWindows, readCursor, writeCursor, type DayCount } from './sync-windows';
import { HASH_EXCLUDED, toSourceDocument, voucherRef } from './voucher-document';
import type { NormaliseContext } from './voucher-normaliser';
import { purchaseRecordOf } from './purchase-record';
import {
  alterVoucher,
  fieldsToWrite,
  readBackValue,
  readImportResult,
  type WrittenField,
} from './write-back-voucher';
import { childText, type TallyNode } from './xml/tally-node';
import { serializeTallyNode } from './xml/xml-writer';

/**
 * Vouchers are the children of the answer's COLLECTION: CMPINFO also has a <VOUCHER> element (a count),
 * so matching the name anywhere would read it as a voucher.
 */
const VOUCHER_RECORDS = { childrenOf: 'COLLECTION' };
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
  private masters?: { alterId: number; index: MasterIndex };
  private readonly hashExcluded: ReadonlySet<string>;

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
    const batchLimit = Math.min(this.config.batchSize, MAX_BATCH_DOCUMENTS);
    for (const [index, window] of windows.entries()) {
      const resumeHere = writeCursor({ alterId: watermark, passTarget: target, windowFrom: window.from });
      let documents: SourceDocument[] = [];
      for await (const voucher of this.client.records(
        vouchersRequest({ ...query, ...window }),
        VOUCHER_RECORDS,
      )) {
        documents.push(toSourceDocument(voucher, ctx, this.hashExcluded));
        if (documents.length >= batchLimit) {
          yield { documents, cursor: resumeHere };
          documents = [];
        }
      }
      const next = windows[index + 1];
      yield {
        documents,
        cursor: next
          ? writeCursor({ alterId: watermark, passTarget: target, windowFrom: next.from })
          : { alterId: target },
      };
    }
    if (windows.length === 0) yield { documents: [], cursor: { alterId: target } };
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
        else
          this.context.log.warn('tally purchase voucher skipped', {
            reason: record.reason,
            ...voucherRef(voucher),
          });
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

  close(): Promise<void> {
    this.client.close();
    return Promise.resolve();
  }

  private salesTypes(): string[] {
    const { salesVoucherTypes, creditNoteVoucherTypes, debitNoteVoucherTypes } = this.config;
    return [...salesVoucherTypes, ...creditNoteVoucherTypes, ...debitNoteVoucherTypes];
  }

  private documentTypeOf(voucherType: string): DocumentType | undefined {
    const has = (types: string[]): boolean =>
      types.some((type) => type.toLowerCase() === voucherType.toLowerCase());
    if (has(this.config.salesVoucherTypes)) return 'INV';
    if (has(this.config.creditNoteVoucherTypes)) return 'CRN';
    if (has(this.config.debitNoteVoucherTypes)) return 'DBN';
    return undefined;
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
    if (this.masters && this.masters.alterId === company.lastMasterAlterId) return this.masters.index;
    const index = new MasterIndex();
    for await (const node of this.client.records(ledgersRequest(this.config.companyName), {
      childrenOf: 'COLLECTION',
    })) {
      index.addLedger(readLedger(node));
    }
    for await (const node of this.client.records(stockItemsRequest(this.config.companyName), {
      childrenOf: 'COLLECTION',
    })) {
      index.addStockItem(readStockItem(node));
    }
    this.masters = { alterId: company.lastMasterAlterId, index };
    return index;
  }

  private async normaliseContext(company: CompanyInfo): Promise<NormaliseContext> {
    return {
      company,
      masters: await this.masterIndex(company),
      documentTypeOf: (type) => this.documentTypeOf(type),
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
