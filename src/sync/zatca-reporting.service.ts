/**
 * Reports signed simplified invoices to ZATCA within its 24 hours. The `sa-zatca` regime signs a
 * simplified invoice locally and hands its QR back at once (status SIGNED_PENDING_REPORTING); this
 * service sends each stored signed XML, unchanged, oldest ICV first per EGS unit, and records the answer:
 * REPORTED (warnings kept), NOT_REPORTED (ZATCA's messages kept in the error columns and response, and
 * on the signed invoice, which may then be re-issued once corrected), or still pending after a
 * transient/auth failure (tried again on the next run). Only a submission's current (not superseded)
 * signed invoice is reported.
 *
 * Scheduling: a scheduler tick (every few minutes; well under the 24 h limit, e.g. 5 min) only enqueues
 * a `zatca-report` job with one fixed singleton key, like the sweep; the worker handling that job calls
 * `reportDue()`. Should two runs still overlap, a session advisory lock lets one of them report and the
 * other return empty-handed, so an invoice is never sent twice at once.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  reportPendingInvoices,
  ZATCA_STATUS,
  type PendingReport,
  type PendingReportOutcome,
  type ZatcaRegimeDependencies,
} from '../compliance/ksa/zatca.regime';
import { AuditRepository } from '../database/repositories/audit.repository';
import { markSignedInvoiceRejected } from '../database/repositories/zatca-chain.repository';
import {
  ZatcaReportingRepository,
  type PendingReportRow,
  type ReportStatusChange,
} from '../database/repositories/zatca-reporting.repository';
import { SYSTEM_ACTOR } from './state-transitions.service';

/** Provider and signing credentials the reports are sent with (the same the `sa-zatca` regime uses). */
export type ZatcaReportingDependencies = Pick<
  ZatcaRegimeDependencies,
  'provider' | 'providerForUnit' | 'credentials'
>;
export const ZATCA_REPORTING_DEPENDENCIES = Symbol('ZATCA_REPORTING_DEPENDENCIES');

export const ZATCA_NOT_REPORTED = 'NOT_REPORTED';

export interface ZatcaReportingRun {
  /** Submission ids, in the order they were sent. */
  reported: string[];
  rejected: string[];
  /** Transient/auth/config failures: still pending, tried again next run. */
  failed: string[];
  /** Still pending after this run and signed more than 20 h ago: ZATCA's 24 h limit is near (or past). */
  approaching: string[];
}

const APPROACHING_AFTER_HOURS = 20;
const LIMIT_HOURS = 24;

type PendingRow = PendingReportRow;

@Injectable()
export class ZatcaReportingService {
  /** The `zatca-report` job the `sa-zatca` regime declares (sync/regime-jobs.ts). */
  run(): Promise<ZatcaReportingRun> {
    return this.reportDue();
  }

  private readonly logger = new Logger('ZatcaReporting');

  constructor(
    private readonly reports: ZatcaReportingRepository,
    private readonly audit: AuditRepository,
    @Inject(ZATCA_REPORTING_DEPENDENCIES) private readonly deps: ZatcaReportingDependencies,
  ) {}

  async reportDue(limit = 500): Promise<ZatcaReportingRun> {
    const run: ZatcaReportingRun = { reported: [], rejected: [], failed: [], approaching: [] };
    // Should two runs overlap, one reports and the other returns empty-handed.
    await this.reports.withReportingLock(false, async () =>
      this.reportAll(await this.reports.pending(limit), run),
    );
    return run;
  }

  private async reportAll(pending: PendingRow[], run: ZatcaReportingRun): Promise<void> {
    // One at a time, each answer stored before the next is sent: a crash loses at most one answer,
    // and resending that one is answered as a duplicate (adopted as reported).
    for (const row of pending) {
      const [result] = await reportPendingInvoices(this.deps, [toPendingReport(row)]);
      const kind = await this.record(row, result);
      if (kind) run[kind].push(row.submission_id);
      if (kind === 'failed' && row.age_hours >= APPROACHING_AFTER_HOURS) {
        run.approaching.push(row.submission_id);
        this.logger.warn(
          `ALERT simplified invoice ${row.uuid} (EGS ${row.egs_unit_id}, ICV ${row.icv}, submission ` +
            `${row.submission_id}) signed ${row.age_hours.toFixed(1)} h ago is still not reported; ` +
            (row.age_hours >= LIMIT_HOURS
              ? `ZATCA's ${LIMIT_HOURS} h reporting limit has passed`
              : `ZATCA's ${LIMIT_HOURS} h reporting limit is near`),
        );
      }
    }
  }

  /** Stores one answer with its audit event; returns which list it belongs to (none if another run got there). */
  private record(
    row: PendingRow,
    result: PendingReportOutcome,
  ): Promise<keyof Omit<ZatcaReportingRun, 'approaching'> | undefined> {
    return this.reports.transaction(async (m) => {
      const outcome = result.outcome;
      if (outcome?.status === 'registered') {
        const updated = await this.update(m, row, {
          zatcaStatus: ZATCA_STATUS.reported,
          warnings: outcome.warnings ?? null,
          response: outcome.response,
          error: null,
        });
        if (!updated) return undefined;
        await this.auditOf(m, row, 'zatca-reported', ZATCA_STATUS.reported, undefined, {
          adopted: outcome.adopted ?? false,
          warnings: outcome.warnings ?? [],
        });
        return 'reported';
      }
      if (outcome?.status === 'rejected') {
        const updated = await this.update(m, row, {
          zatcaStatus: ZATCA_NOT_REPORTED,
          response: outcome.response,
          error: { errorClass: 'rejected', code: outcome.code, message: outcome.message },
        });
        if (!updated) return undefined;
        await markSignedInvoiceRejected(
          m,
          { submissionId: row.submission_id, generation: row.generation },
          { code: outcome.code, message: outcome.message },
        );
        this.logger.warn(
          `ZATCA refused to report simplified invoice ${row.uuid} (submission ${row.submission_id}): ${outcome.message}`,
        );
        await this.auditOf(m, row, 'zatca-report-rejected', ZATCA_NOT_REPORTED, outcome.message, {
          code: outcome.code,
        });
        return 'rejected';
      }
      const error = result.error;
      const message = error?.message ?? 'no answer';
      const updated = await this.update(m, row, {
        zatcaStatus: ZATCA_STATUS.pendingReporting,
        error: { errorClass: error?.errorClass ?? 'unknown', code: error?.options.code ?? null, message },
      });
      if (!updated) return undefined;
      this.logger.warn(
        `reporting of ${row.uuid} (submission ${row.submission_id}) failed, will retry: ${message}`,
      );
      await this.auditOf(m, row, 'zatca-report-failed', ZATCA_STATUS.pendingReporting, message, {
        errorClass: error?.errorClass,
      });
      return 'failed';
    });
  }

  /** Compare-and-set on the pending status, so two runs never both record an answer. */
  private update(m: EntityManager, row: PendingRow, change: ReportStatusChange): Promise<boolean> {
    return this.reports.recordReportAnswer(m, row.submission_id, change);
  }

  private auditOf(
    m: EntityManager,
    row: PendingRow,
    action: string,
    zatcaStatus: string,
    reason: string | undefined,
    details: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.append(
      {
        actor: SYSTEM_ACTOR,
        action,
        documentId: row.document_id,
        submissionId: row.submission_id,
        reason: reason ?? null,
        details: {
          egsUnitId: row.egs_unit_id,
          uuid: row.uuid,
          icv: row.icv,
          zatcaStatus: { from: ZATCA_STATUS.pendingReporting, to: zatcaStatus },
          ...details,
        },
      },
      m,
    );
  }
}

function toPendingReport(row: PendingRow): PendingReport {
  return {
    submissionId: row.submission_id,
    egsUnitId: row.egs_unit_id,
    uuid: row.uuid,
    icv: row.icv,
    hash: row.invoice_hash,
    signedXml: row.signed_xml,
  };
}
