/**
 * Write-back of compliance identifiers into Tally vouchers, several per request: the vouchers are exported
 * in one request (with their `&#4;` markers kept), altered in one import, and read back in one request.
 * Tally's own answer is judged first: ALTERED equal to the vouchers sent, nothing CREATED and no LINEERROR
 * is the only success, and a read-back then confirms each voucher (same MASTERID, values stored). An Alter
 * that Tally turned into a Create (the voucher was deleted, or deleted and entered again, meanwhile) is a
 * failure naming the voucher Tally created and how to remove it.
 */
import { ConnectorError, type WriteBackDocument } from '../contract';
import { importVouchersRequest, VOUCHER_RECORDS, vouchersRequest } from './tally-envelopes';
import type { TallyHttpClient } from './tally-http-client';
import { voucherRef, type TallyVoucherRef } from './voucher-document';
import {
  alterVoucher,
  importAltered,
  readBackValue,
  readImportResult,
  type ImportResult,
  type WrittenField,
} from './write-back-voucher';
import { childText, type TallyNode } from './xml/tally-node';
import { serializeTallyNode } from './xml/xml-writer';

/** Vouchers per import request: Tally takes many, and a smaller import keeps a failure's reach small. */
export const IMPORT_BATCH = 25;

export interface WriteBackJob {
  document: WriteBackDocument;
  fields: readonly WrittenField[];
}

export interface BooksPeriod {
  from: string;
  to: string;
}

export class TallyWriteBack {
  constructor(
    private readonly client: TallyHttpClient,
    private readonly companyName: string,
    /** The company's whole books, for vouchers not found on their known date (re-dated). */
    private readonly booksPeriod: () => Promise<BooksPeriod>,
  ) {}

  /** What each write threw, by position (undefined: written and confirmed). */
  async write(jobs: readonly WriteBackJob[]): Promise<(ConnectorError | undefined)[]> {
    const results: (ConnectorError | undefined)[] = jobs.map(() => undefined);
    const exported = await this.exportVouchers(
      jobs.map((job) => ({ guid: job.document.erpId, date: knownDate(job.document) })),
      true,
    );
    const sendable: number[] = [];
    jobs.forEach((job, index) => {
      if (exported.has(job.document.erpId)) sendable.push(index);
      else results[index] = goneFromBooks(job.document);
    });
    for (let start = 0; start < sendable.length; start += IMPORT_BATCH) {
      const chunk = sendable.slice(start, start + IMPORT_BATCH);
      await this.writeChunk(
        chunk.map((index) => ({ job: jobs[index], voucher: exported.get(jobs[index].document.erpId)! })),
      ).then((errors) => chunk.forEach((index, k) => (results[index] = errors[k])));
    }
    return results;
  }

  private async writeChunk(
    chunk: readonly { job: WriteBackJob; voucher: TallyNode }[],
  ): Promise<(ConnectorError | undefined)[]> {
    const xml = chunk
      .map(({ job, voucher }) => serializeTallyNode(alterVoucher(voucher, job.fields)))
      .join('');
    const result = readImportResult(await this.client.document(importVouchersRequest(this.companyName, xml)));
    const readBack = await this.exportVouchers(
      chunk.map(({ voucher }) => ({ guid: voucherRef(voucher).guid, date: voucherRef(voucher).date })),
      false,
    );
    const created = await this.createdVouchers(chunk, readBack, result);
    // Vouchers created that were not traced to the Alter they came from leave every voucher of the chunk in doubt.
    const untraced = result.created - created.size;
    return chunk.map(({ job, voucher }) =>
      judge(
        job,
        voucher,
        readBack.get(job.document.erpId),
        created.get(job.document.erpId),
        result,
        chunk.length,
        untraced,
      ),
    );
  }

  /** The vouchers with these GUIDs: first on their known dates, the rest anywhere in the books. */
  private async exportVouchers(
    targets: readonly { guid: string; date?: string }[],
    keepTallyMarkers: boolean,
  ): Promise<Map<string, TallyNode>> {
    const found = new Map<string, TallyNode>();
    const dated = targets.filter((target) => target.date !== undefined);
    if (dated.length > 0) {
      const dates = dated.map((target) => target.date!).sort();
      await this.exportInto(found, dated, { from: dates[0], to: dates[dates.length - 1] }, keepTallyMarkers);
    }
    const rest = targets.filter((target) => !found.has(target.guid));
    if (rest.length > 0) await this.exportInto(found, rest, await this.booksPeriod(), keepTallyMarkers);
    return found;
  }

  private async exportInto(
    found: Map<string, TallyNode>,
    targets: readonly { guid: string }[],
    period: BooksPeriod,
    keepTallyMarkers: boolean,
  ): Promise<void> {
    const guids = [...new Set(targets.map((target) => target.guid))];
    const request = vouchersRequest({ company: this.companyName, ...period, voucherTypes: [], guids });
    for await (const voucher of this.client.records(request, VOUCHER_RECORDS, { keepTallyMarkers })) {
      const guid = voucherRef(voucher).guid;
      if (!found.has(guid)) found.set(guid, voucher);
    }
  }

  /**
   * The vouchers an import created, by the GUID whose Alter they came from: a voucher read back under our
   * GUID with another MASTERID (Tally kept the REMOTEID it was sent; found even when its counters say
   * ALTERED), or another voucher holding the IRN.
   */
  private async createdVouchers(
    chunk: readonly { job: WriteBackJob; voucher: TallyNode }[],
    readBack: ReadonlyMap<string, TallyNode>,
    result: ImportResult,
  ): Promise<Map<string, TallyVoucherRef>> {
    const created = new Map<string, TallyVoucherRef>();
    const byIrn = new Map<string, string>();
    for (const { job, voucher } of chunk) {
      const after = readBack.get(job.document.erpId);
      if (after && masterIdOf(after) !== masterIdOf(voucher))
        created.set(job.document.erpId, voucherRef(after));
      const irn = job.fields.find((field) => field.path === 'IRN')?.value;
      if (irn && !created.has(job.document.erpId)) byIrn.set(irn, job.document.erpId);
    }
    // Searched for only when Tally counted more Creates than the read-back shows.
    if (byIrn.size === 0 || result.created <= created.size) return created;
    const dates = chunk
      .map(({ voucher }) => voucherRef(voucher).date ?? '')
      .filter(Boolean)
      .sort();
    const period =
      dates.length > 0 ? { from: dates[0], to: dates[dates.length - 1] } : await this.booksPeriod();
    const request = vouchersRequest({
      company: this.companyName,
      ...period,
      voucherTypes: [],
      irns: [...byIrn.keys()],
    });
    for await (const voucher of this.client.records(request, VOUCHER_RECORDS)) {
      const ours = byIrn.get(childText(voucher, 'IRN'));
      if (ours && voucherRef(voucher).guid !== ours) created.set(ours, voucherRef(voucher));
    }
    return created;
  }
}

function knownDate(document: WriteBackDocument): string | undefined {
  const raw = document.raw as { date?: unknown } | undefined;
  const date = document.documentDate ?? (typeof raw?.date === 'string' ? raw.date : undefined);
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
}

function masterIdOf(voucher: TallyNode): string {
  return childText(voucher, 'MASTERID');
}

function goneFromBooks(document: WriteBackDocument): ConnectorError {
  const name = document.documentNumber ? `voucher ${document.documentNumber}` : 'voucher';
  return new ConnectorError(
    'system',
    `${name} (GUID ${document.erpId}) is no longer in Tally's books: it was deleted (a voucher deleted and ` +
      `entered again has a new GUID and is pulled as a new document); nothing written. A registered ` +
      `document needs a cancellation decision`,
    { guid: document.erpId, deletedFromTally: true },
  );
}

function judge(
  job: WriteBackJob,
  before: TallyNode,
  after: TallyNode | undefined,
  created: TallyVoucherRef | undefined,
  result: ImportResult,
  sent: number,
  untraced: number,
): ConnectorError | undefined {
  const guid = job.document.erpId;
  if (created) return createdInstead(guid, created, result);
  const missing = after
    ? job.fields.filter((field) => !field.optional && readBackValue(after, field.path) !== field.value)
    : job.fields;
  const sameVoucher = after !== undefined && masterIdOf(after) === masterIdOf(before);
  if (sameVoucher && missing.length === 0) {
    if (importAltered(result, sent)) return undefined;
    // Several vouchers in one import: a LINEERROR, a short count or a traced Create belongs to another one.
    if (sent > 1 && untraced <= 0) return undefined;
  }
  const tallySays =
    result.lineErrors.join('; ') ||
    `ALTERED=${result.altered} of ${sent} sent, CREATED=${result.created}, ERRORS=${result.errors}, EXCEPTIONS=${result.exceptions}`;
  const notStored =
    missing.length > 0 ? `; not stored: ${missing.map((field) => field.path).join(', ')}` : '';
  return new ConnectorError(
    'system',
    `write-back to Tally voucher ${guid} not confirmed: Tally answered ${tallySays}${notStored}`,
    {
      guid,
      lineErrors: result.lineErrors,
      missing: missing.map((field) => field.path),
      import: { ...result },
    },
  );
}

function createdInstead(guid: string, created: TallyVoucherRef, result: ImportResult): ConnectorError {
  const date = created.date ?? 'its date';
  const master = created.masterId || result.lastVoucherId;
  return new ConnectorError(
    'system',
    `Tally created ${created.voucherType} voucher ${created.voucherNumber} dated ${date} (GUID ${created.guid}, ` +
      `MASTERID ${master}) instead of altering voucher ${guid}: the books may now hold two vouchers numbered ${created.voucherNumber}. Delete the created one in TallyPrime (Day Book ` +
      `for ${date}, open the voucher with MASTERID ${master}, Alt+D), check which voucher the IRN belongs to, ` +
      `then retry the write-back`,
    {
      guid,
      createdGuid: created.guid,
      createdMasterId: master,
      createdNumber: created.voucherNumber,
      import: { ...result },
    },
  );
}
