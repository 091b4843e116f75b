/**
 * Reports signed simplified invoices to ZATCA within its 24 hours. The `sa-zatca` regime signs a
 * simplified invoice locally and hands its QR back at once (status SIGNED_PENDING_REPORTING); this job
 * sends each stored signed XML, unchanged, oldest ICV first per EGS unit, and records the answer:
 * REPORTED (warnings kept), NOT_REPORTED (ZATCA's messages kept in the error columns and response, and
 * on the signed invoice, which may then be re-issued once corrected), or still pending after a
 * transient/auth failure (tried again on the next run). Only a submission's current (not superseded)
 * signed invoice is reported.
 *
 * Declared by the regime (ZATCA_REPORTING_JOB); sync/ enqueues it with one key every few minutes (well
 * under the 24 h limit). Should two runs still overlap, the reporting lock lets one of them report and
 * the other return empty-handed, so an invoice is never sent twice at once.
 */
import type { RegimeJob, RegimeJobLog } from '../../../compliance';
import { SYSTEM_ACTOR } from '../../../compliance';
import { reportPendingInvoices, ZATCA_STATUS, type PendingReportOutcome } from '../zatca.regime';
import {
  ZATCA_REPORTING_CLIENTS,
  ZATCA_REPORTING_STORE,
  type DueReport,
  type ReportAnswer,
  type ZatcaReportingClients,
  type ZatcaReportingStore,
} from './reporting-ports';

/** The reporting job's queue name and key. */
export const ZATCA_REPORT_JOB = 'zatca-report';

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
const DEFAULT_BATCH = 500;

export class ZatcaReportingJob {
  constructor(
    private readonly store: ZatcaReportingStore,
    private readonly clients: ZatcaReportingClients,
    private readonly log: RegimeJobLog,
  ) {}

  async reportDue(limit = DEFAULT_BATCH): Promise<ZatcaReportingRun> {
    const run: ZatcaReportingRun = { reported: [], rejected: [], failed: [], approaching: [] };
    // Should two runs overlap, one reports and the other returns empty-handed.
    await this.store.withReportingLock(false, async () =>
      this.reportAll(await this.store.pending(limit), run),
    );
    return run;
  }

  private async reportAll(pending: DueReport[], run: ZatcaReportingRun): Promise<void> {
    // Oldest ICV first per unit (as the store lists them; sorted here so the order does not rest on it).
    const ordered = [...pending].sort((a, b) => a.egsUnitId.localeCompare(b.egsUnitId) || a.icv - b.icv);
    // One at a time, each answer stored before the next is sent: a crash loses at most one answer,
    // and resending that one is answered as a duplicate (adopted as reported).
    for (const report of ordered) {
      const [result] = await reportPendingInvoices(this.clients, [
        {
          submissionId: report.submissionId,
          egsUnitId: report.egsUnitId,
          uuid: report.uuid,
          icv: report.icv,
          hash: report.hash,
          signedXml: report.signedXml,
          outcomeUnknown: report.lastErrorClass === 'unknown-outcome',
        },
      ]);
      const kind = await this.record(report, result);
      if (kind) run[kind].push(report.submissionId);
      if (kind === 'failed' && report.ageHours >= APPROACHING_AFTER_HOURS) {
        run.approaching.push(report.submissionId);
        this.log.warn(
          `ALERT simplified invoice ${report.uuid} (EGS ${report.egsUnitId}, ICV ${report.icv}, submission ` +
            `${report.submissionId}) signed ${report.ageHours.toFixed(1)} h ago is still not reported; ` +
            (report.ageHours >= LIMIT_HOURS
              ? `ZATCA's ${LIMIT_HOURS} h reporting limit has passed`
              : `ZATCA's ${LIMIT_HOURS} h reporting limit is near`),
        );
      }
    }
  }

  /** Stores one answer with its audit event; returns which list it belongs to (none if another run got there). */
  private async record(
    report: DueReport,
    result: PendingReportOutcome | undefined,
  ): Promise<keyof Omit<ZatcaReportingRun, 'approaching'> | undefined> {
    const outcome = result?.outcome;
    if (outcome?.status === 'registered') {
      const recorded = await this.store.recordAnswer(report, {
        change: {
          zatcaStatus: ZATCA_STATUS.reported,
          warnings: outcome.warnings ?? null,
          response: outcome.response,
          error: null,
        },
        audit: auditOf(report, 'zatca-reported', ZATCA_STATUS.reported, null, {
          adopted: outcome.adopted ?? false,
          warnings: outcome.warnings ?? [],
        }),
      });
      return recorded ? 'reported' : undefined;
    }
    if (outcome?.status === 'rejected') {
      const recorded = await this.store.recordAnswer(report, {
        change: {
          zatcaStatus: ZATCA_NOT_REPORTED,
          response: outcome.response,
          error: { errorClass: 'rejected', code: outcome.code, message: outcome.message },
        },
        rejection: { code: outcome.code, message: outcome.message },
        audit: auditOf(report, 'zatca-report-rejected', ZATCA_NOT_REPORTED, outcome.message, {
          code: outcome.code,
        }),
      });
      if (!recorded) return undefined;
      this.log.warn(
        `ZATCA refused to report simplified invoice ${report.uuid} (submission ${report.submissionId}): ${outcome.message}`,
      );
      return 'rejected';
    }
    const error = result?.error;
    const message = error?.message ?? 'no answer';
    const answer: ReportAnswer = {
      change: {
        zatcaStatus: ZATCA_STATUS.pendingReporting,
        error: { errorClass: error?.errorClass ?? 'unknown', code: error?.options.code ?? null, message },
      },
      audit: auditOf(report, 'zatca-report-failed', ZATCA_STATUS.pendingReporting, message, {
        errorClass: error?.errorClass,
      }),
    };
    if (!(await this.store.recordAnswer(report, answer))) return undefined;
    this.log.warn(
      `reporting of ${report.uuid} (submission ${report.submissionId}) failed, will retry: ${message}`,
    );
    return 'failed';
  }
}

function auditOf(
  report: DueReport,
  action: string,
  zatcaStatus: string,
  reason: string | null,
  details: Record<string, unknown>,
): ReportAnswer['audit'] {
  return {
    actor: SYSTEM_ACTOR,
    action,
    reason,
    details: {
      egsUnitId: report.egsUnitId,
      uuid: report.uuid,
      icv: report.icv,
      zatcaStatus: { from: ZATCA_STATUS.pendingReporting, to: zatcaStatus },
      ...details,
    },
  };
}

/** The `zatca-report` job the `sa-zatca` regime declares: every 5 min unless `schedule.zatcaReportEverySeconds`. */
export const ZATCA_REPORTING_JOB: RegimeJob<ZatcaReportingRun> = {
  name: ZATCA_REPORT_JOB,
  everySeconds: 300,
  scheduleSetting: 'zatcaReportEverySeconds',
  ports: [ZATCA_REPORTING_STORE, ZATCA_REPORTING_CLIENTS],
  run: (ports) =>
    new ZatcaReportingJob(
      ports.get(ZATCA_REPORTING_STORE),
      ports.get(ZATCA_REPORTING_CLIENTS),
      ports.log,
    ).reportDue(),
};
