/**
 * The SQL of the ZATCA reporting job (the store port of compliance/ksa/reporting): the session advisory
 * lock that keeps two runs (and a re-onboarding) from reporting at once, the signed simplified invoices
 * due for reporting, and the compare-and-set that records an answer only while the submission is still
 * pending (so two runs never both record one), with its audit event and the refusal on the signed invoice.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  type DueReport,
  type ReportAnswer,
  type ReportStatusChange,
  type SignedInvoiceRef,
  type ZatcaReportingStore,
  ZATCA_STATUS,
} from '../../../ports';
import { SubmissionState } from '../../../domain';
import { AuditRepository } from '../../../database/repositories';
import { markSignedInvoiceRejected } from './zatca-chain.repository';

/** Session advisory lock (on `hashtext`) held by a reporting run; re-onboarding holds it too. */
export const ZATCA_REPORTING_LOCK = 'zatca-reporting';

/** Registered with the authority as far as the pipeline goes; the ERP may or may not have the QR yet. */
const REPORTABLE_STATES = [
  SubmissionState.Registered,
  SubmissionState.WritebackPending,
  SubmissionState.WrittenBack,
  SubmissionState.WritebackFailed,
];

@Injectable()
export class ZatcaReportingRepository implements ZatcaReportingStore {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * The unit's current signed invoices still pending reporting whose XML carries `certificate` (the CSID
   * ZATCA refused), oldest ICV first, so re-issues take the next slots in the order the sales happened.
   */
  signedUnderCertificate(
    egsUnitId: string,
    certificate: string,
    pendingStatus: string,
  ): Promise<SignedInvoiceRef[]> {
    return this.dataSource.query(
      `SELECT z.submission_id AS "submissionId", z.generation
         FROM zatca_signed_invoice z
         JOIN submission s ON s.id = z.submission_id
        WHERE z.egs_unit_id = $1 AND z.superseded_at IS NULL AND strpos(z.signed_xml, $2) > 0
          AND s.regime = 'sa-zatca' AND s.zatca_status = $3
        ORDER BY z.icv`,
      [egsUnitId, certificate, pendingStatus],
    );
  }

  /**
   * Runs `fn` holding the reporting lock. `wait: false` (a reporting run): when another holds it, returns
   * `{ held: false }` without running; `wait: true` (re-onboarding): waits for it.
   */
  async withReportingLock<T>(
    wait: boolean,
    fn: () => Promise<T>,
  ): Promise<{ held: true; value: T } | { held: false }> {
    const holder = this.dataSource.createQueryRunner();
    await holder.connect();
    try {
      if (wait) {
        await holder.query(`SELECT pg_advisory_lock(hashtext($1))`, [ZATCA_REPORTING_LOCK]);
      } else {
        const rows = (await holder.query(`SELECT pg_try_advisory_lock(hashtext($1)) AS locked`, [
          ZATCA_REPORTING_LOCK,
        ])) as { locked: boolean }[];
        if (!rows[0]?.locked) return { held: false };
      }
      try {
        return { held: true, value: await fn() };
      } finally {
        await holder.query(`SELECT pg_advisory_unlock(hashtext($1))`, [ZATCA_REPORTING_LOCK]);
      }
    } finally {
      await holder.release();
    }
  }

  /** Current (not superseded) signed invoices pending reporting, oldest ICV first per EGS unit. */
  pending(limit: number): Promise<DueReport[]> {
    return this.dataSource.query(
      `SELECT s.id AS "submissionId", z.generation, s.document_id AS "documentId", z.egs_unit_id AS "egsUnitId",
              z.uuid, z.icv, z.invoice_hash AS hash, z.signed_xml AS "signedXml",
              extract(epoch FROM now() - z.created_at)::float8 / 3600 AS "ageHours",
              s.error_class AS "lastErrorClass"
         FROM submission s
         JOIN zatca_signed_invoice z ON z.submission_id = s.id AND z.superseded_at IS NULL
        WHERE s.zatca_status = $1 AND s.regime = 'sa-zatca' AND s.state = ANY($2)
        ORDER BY z.egs_unit_id, z.icv
        LIMIT $3`,
      [ZATCA_STATUS.pendingReporting, REPORTABLE_STATES, limit],
    );
  }

  recordAnswer(report: DueReport, answer: ReportAnswer): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      if (!(await this.compareAndSet(m, report.submissionId, answer.change))) return false;
      if (answer.rejection) await markSignedInvoiceRejected(m, report, answer.rejection);
      await this.audit.append(
        {
          ...answer.audit,
          documentId: report.documentId,
          submissionId: report.submissionId,
        },
        m,
      );
      return true;
    });
  }

  /**
   * Compare-and-set on the pending status: records the answer only if the submission is still pending
   * reporting; false when another run recorded one first. A final answer on a submission already
   * WRITTEN_BACK sends it back to WRITEBACK_PENDING, so the ERP hears it too (the sweep picks it up).
   */
  private async compareAndSet(
    m: EntityManager,
    submissionId: string,
    change: ReportStatusChange,
  ): Promise<boolean> {
    const result: unknown[] = await m.query(
      `UPDATE submission SET
         zatca_status = $2,
         identifiers = identifiers || jsonb_build_object('zatcaStatus', $2::text),
         warnings = CASE WHEN $3::boolean THEN $4::jsonb ELSE warnings END,
         response = CASE WHEN $5::boolean THEN $6::jsonb ELSE response END,
         error_class = $7, error_code = $8, error_message = $9, updated_at = now(),
         state = CASE WHEN $2 <> $10 AND state = 'WRITTEN_BACK' THEN 'WRITEBACK_PENDING' ELSE state END
       WHERE id = $1 AND zatca_status = $10
       RETURNING id`,
      [
        submissionId,
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
}
