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
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  reportPendingInvoices,
  ZATCA_STATUS,
  type PendingReport,
  type PendingReportOutcome,
  type ZatcaRegimeDependencies,
} from '../compliance/ksa/zatca.regime';
import { AuditRepository } from '../database/repositories/audit.repository';
import { markSignedInvoiceRejected } from '../database/repositories/zatca-chain.repository';
import { SubmissionState } from '../domain/submission-state';
import { SYSTEM_ACTOR } from './state-transitions.service';

/** Provider and signing credentials the reports are sent with (the same the `sa-zatca` regime uses). */
export type ZatcaReportingDependencies = Pick<ZatcaRegimeDependencies, 'provider' | 'credentials'>;
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

/** Registered with the authority as far as the pipeline goes; the ERP may or may not have the QR yet. */
const REPORTABLE_STATES = [
  SubmissionState.Registered,
  SubmissionState.WritebackPending,
  SubmissionState.WrittenBack,
  SubmissionState.WritebackFailed,
];
const APPROACHING_AFTER_HOURS = 20;
const LIMIT_HOURS = 24;
/** Session advisory lock (on `hashtext`) held by a reporting run; re-onboarding holds it too. */
export const ZATCA_REPORTING_LOCK = 'zatca-reporting';

interface PendingRow {
  submission_id: string;
  generation: number;
  document_id: string;
  egs_unit_id: string;
  uuid: string;
  icv: number;
  invoice_hash: string;
  signed_xml: string;
  age_hours: number;
}

@Injectable()
export class ZatcaReportingService {
  private readonly logger = new Logger('ZatcaReporting');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditRepository,
    @Inject(ZATCA_REPORTING_DEPENDENCIES) private readonly deps: ZatcaReportingDependencies,
  ) {}

  async reportDue(limit = 500): Promise<ZatcaReportingRun> {
    const run: ZatcaReportingRun = { reported: [], rejected: [], failed: [], approaching: [] };
    const lockHolder = this.dataSource.createQueryRunner();
    await lockHolder.connect();
    try {
      const rows = (await lockHolder.query(`SELECT pg_try_advisory_lock(hashtext($1)) AS locked`, [
        ZATCA_REPORTING_LOCK,
      ])) as { locked: boolean }[];
      if (!rows[0]?.locked) return run;
      try {
        await this.reportAll(await this.pending(limit), run);
      } finally {
        await lockHolder.query(`SELECT pg_advisory_unlock(hashtext($1))`, [ZATCA_REPORTING_LOCK]);
      }
    } finally {
      await lockHolder.release();
    }
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

  private pending(limit: number): Promise<PendingRow[]> {
    return this.dataSource.query(
      `SELECT s.id AS submission_id, z.generation, s.document_id, z.egs_unit_id, z.uuid, z.icv, z.invoice_hash,
              z.signed_xml, extract(epoch FROM now() - z.created_at)::float8 / 3600 AS age_hours
         FROM submission s
         JOIN zatca_signed_invoice z ON z.submission_id = s.id AND z.superseded_at IS NULL
        WHERE s.zatca_status = $1 AND s.regime = 'sa-zatca' AND s.state = ANY($2)
        ORDER BY z.egs_unit_id, z.icv
        LIMIT $3`,
      [ZATCA_STATUS.pendingReporting, REPORTABLE_STATES, limit],
    );
  }

  /** Stores one answer with its audit event; returns which list it belongs to (none if another run got there). */
  private record(
    row: PendingRow,
    result: PendingReportOutcome,
  ): Promise<keyof Omit<ZatcaReportingRun, 'approaching'> | undefined> {
    return this.dataSource.transaction(async (m) => {
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
  private async update(
    m: EntityManager,
    row: PendingRow,
    change: {
      zatcaStatus: string;
      warnings?: { code?: string; message: string }[] | null;
      response?: unknown;
      error: { errorClass: string; code: string | null; message: string } | null;
    },
  ): Promise<boolean> {
    const result: unknown[] = await m.query(
      `UPDATE submission SET
         zatca_status = $2,
         identifiers = identifiers || jsonb_build_object('zatcaStatus', $2::text),
         warnings = CASE WHEN $3::boolean THEN $4::jsonb ELSE warnings END,
         response = CASE WHEN $5::boolean THEN $6::jsonb ELSE response END,
         error_class = $7, error_code = $8, error_message = $9, updated_at = now(),
         -- a final answer goes back to the ERP too: the sweep picks WRITEBACK_PENDING up
         state = CASE WHEN $2 <> $10 AND state = 'WRITTEN_BACK' THEN 'WRITEBACK_PENDING' ELSE state END
       WHERE id = $1 AND zatca_status = $10
       RETURNING id`,
      [
        row.submission_id,
        change.zatcaStatus,
        change.warnings !== undefined,
        change.warnings ? JSON.stringify(change.warnings) : null,
        change.response !== undefined,
        change.response === undefined ? null : JSON.stringify(change.response),
        change.error?.errorClass ?? null,
        change.error?.code ?? null,
        change.error?.message ?? null,
        ZATCA_STATUS.pendingReporting,
      ],
    );
    // UPDATE ... RETURNING comes back from the postgres driver as [rows, affected]
    const rows = Array.isArray(result[0]) ? (result[0] as unknown[]) : result;
    return rows.length > 0;
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
