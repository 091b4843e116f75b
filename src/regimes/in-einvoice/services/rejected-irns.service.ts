/**
 * GETREJECTEDIRNS in the failure queue: the IRP's list of documents it refused on a day, fetched per
 * connector instance that sends e-invoices (the seller GSTIN and provider of its settings), each entry
 * matched to our document by seller, type, number and date and recorded as an audit event
 * (`irp-rejected-irn`) on that document, or with no document when none matches. Recorded once per entry,
 * however often the day is fetched.
 */
import { Injectable, Logger } from '@nestjs/common';
import { type RejectedDocument } from '../rejected-documents';
import { EinvoiceRegime } from '../einvoice.regime';
import { ComplianceError, RegimeRegistry, regimeSettingsOf } from '../../../compliance';
import { EINVOICE_DESCRIPTOR } from '../einvoice.descriptor';
import type { AuditEventEntity } from '../../../database/entities';
import { AuditRepository } from '../../../database/repositories';
import { ConnectorRuntimeService } from '../../../sync';
import { SYSTEM_ACTOR } from '../../../sync';
import { EinvoiceSubmissionLookup } from './einvoice-submission-lookup';
import { istDay, type IrpDay } from './irp-day';

export const REJECTED_IRN_ACTION = 'irp-rejected-irn';

export interface RejectedIrnSource {
  instance: string;
  gstin: string;
  status: 'fetched' | 'not-published' | 'failed';
  listed: number;
  /** Entries not recorded before. */
  recorded: number;
  error?: string;
}

export interface RejectedIrnEntry extends RejectedDocument {
  /** The day fetched, dd/mm/yyyy. */
  date: string;
  instance: string;
  matched: boolean;
  documentId: string | null;
  submissionId: string | null;
  recordedAt: Date;
}

@Injectable()
export class RejectedIrnsService {
  private readonly logger = new Logger('RejectedIrns');

  constructor(
    private readonly connectors: ConnectorRuntimeService,
    private readonly regimes: RegimeRegistry,
    private readonly lookup: EinvoiceSubmissionLookup,
    private readonly audit: AuditRepository,
  ) {}

  /** The scheduled pass: today and yesterday (IST), so refusals late in a day are not missed. */
  /** The `einvoice-rejected-irns` job the `in-einvoice` regime declares (sync/regime-jobs.ts). */
  run(): Promise<RejectedIrnSource[]> {
    return this.fetchRecent();
  }

  async fetchRecent(now = Date.now()): Promise<RejectedIrnSource[]> {
    const sources = [...(await this.fetchDay(istDay(now, 1))), ...(await this.fetchDay(istDay(now)))];
    const failed = sources.filter((source) => source.status === 'failed');
    if (failed.length > 0) {
      // The job fails (and pg-boss retries it); what was fetched is recorded and is not recorded twice.
      throw new Error(failed.map((f) => `${f.instance}: ${f.error ?? 'failed'}`).join('; '));
    }
    return sources;
  }

  /** Fetches one day for every instance that sends e-invoices; one instance failing does not stop the rest. */
  async fetchDay(day: IrpDay, actor = SYSTEM_ACTOR): Promise<RejectedIrnSource[]> {
    const regime = this.regimes.get('in-einvoice');
    if (!(regime instanceof EinvoiceRegime)) return [];
    const sources: RejectedIrnSource[] = [];
    for (const live of this.connectors.list()) {
      if (!live.enabled || !live.regimes.includes('in-einvoice')) continue;
      const settings = regimeSettingsOf(EINVOICE_DESCRIPTOR, live.regimeSettings) ?? {};
      const source: RejectedIrnSource = {
        instance: live.name,
        gstin: settings.gstin ?? '',
        status: 'fetched',
        listed: 0,
        recorded: 0,
      };
      sources.push(source);
      try {
        const listed = await regime.rejectedIrns(settings, day.nic);
        if (!listed) {
          source.status = 'not-published';
          continue;
        }
        source.listed = listed.length;
        for (const entry of listed) {
          if (await this.record(entry, day, live.name, actor)) source.recorded += 1;
        }
      } catch (error) {
        source.status = 'failed';
        source.error = ComplianceError.wrap(error).message;
        this.logger.warn(`GETREJECTEDIRNS ${day.nic} for ${live.name} failed: ${source.error}`);
      }
    }
    return sources;
  }

  /** What was recorded for a day, oldest first; entries that match no document have `matched: false`. */
  async list(day: IrpDay): Promise<RejectedIrnEntry[]> {
    const rows = (await this.audit.withDetail(REJECTED_IRN_ACTION, 'date', day.nic)) as (AuditEventEntity & {
      details: { date: string; instance: string; entry: RejectedDocument };
    })[];
    return rows.map((row) => ({
      ...row.details.entry,
      date: row.details.date,
      instance: row.details.instance,
      matched: row.documentId !== null,
      documentId: row.documentId,
      submissionId: row.submissionId,
      recordedAt: row.at,
    }));
  }

  private async record(
    entry: RejectedDocument,
    day: IrpDay,
    instance: string,
    actor: string,
  ): Promise<boolean> {
    const key = [entry.sellerGstin, entry.docType, entry.docNo, entry.docDate, entry.rejectedAt].join('|');
    if (await this.audit.hasDetail(REJECTED_IRN_ACTION, 'key', key)) return false;
    const found = await this.lookup.find(entry);
    const codes = entry.errors.map((error) => `${error.code}: ${error.message}`).join('; ');
    await this.audit.append({
      actor,
      action: REJECTED_IRN_ACTION,
      documentId: found?.document.id ?? null,
      submissionId: found?.submission.id ?? null,
      reason: `the IRP lists ${entry.docType} ${entry.docNo} of ${entry.docDate} as rejected at ${entry.rejectedAt}${
        codes ? `: ${codes}` : ''
      }${found ? '' : ' (no document of ours matches it)'}`,
      details: { key, date: day.nic, instance, entry },
    });
    return true;
  }
}
