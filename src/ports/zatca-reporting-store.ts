/**
 * What ZATCA's reporting job and re-onboarding need from storage: database/ implements it
 * (ZatcaReportingRepository), compliance/ksa/reporting uses it through ZATCA_REPORTING_STORE.
 */
import type { StoredSignedInvoice, ZatcaRejection } from './zatca-chain-store';

/** A current (not superseded) signed simplified invoice still pending reporting. */
export interface DueReport {
  submissionId: string;
  generation: number;
  documentId: string;
  egsUnitId: string;
  uuid: string;
  icv: number;
  hash: string;
  signedXml: string;
  /** Hours since it was signed. */
  ageHours: number;
  /** The error class of its last failed report, if any ('unknown-outcome': it may have reached ZATCA). */
  lastErrorClass?: string | null;
}

/** What a reporting answer changes on the submission. */
export interface ReportStatusChange {
  zatcaStatus: string;
  warnings?: { code?: string; message: string }[] | null;
  response?: unknown;
  error: { errorClass: string; code: string | null; message: string } | null;
}

/** The audit event of an answer (actor, document and submission are the report's). */
export interface ReportAuditEvent {
  actor: string;
  action: string;
  reason: string | null;
  details: Record<string, unknown>;
}

export interface ReportAnswer {
  change: ReportStatusChange;
  /** ZATCA refused it: recorded on the signed invoice too, so it may be re-issued. */
  rejection?: ZatcaRejection;
  audit: ReportAuditEvent;
}

export type SignedInvoiceRef = Pick<StoredSignedInvoice, 'submissionId' | 'generation'>;

export interface ZatcaReportingStore {
  /**
   * Runs `fn` holding the reporting lock (one reporting run, or a re-onboarding, at a time across every
   * process). `wait: false`: when another holds it, `{ held: false }` without running; `wait: true`: waits.
   */
  withReportingLock<T>(
    wait: boolean,
    fn: () => Promise<T>,
  ): Promise<{ held: true; value: T } | { held: false }>;
  /** Due reports, oldest ICV first per EGS unit. */
  pending(limit: number): Promise<DueReport[]>;
  /**
   * In one transaction: records the answer only while the submission is still pending reporting
   * (compare-and-set; false when another run got there first), the rejection on the signed invoice, and
   * the audit event. A final answer on a submission already WRITTEN_BACK sends it back to
   * WRITEBACK_PENDING, so the ERP hears it too.
   */
  recordAnswer(report: DueReport, answer: ReportAnswer): Promise<boolean>;
  /** The unit's current signed invoices in `status` whose XML carries `certificate`, oldest ICV first. */
  signedUnderCertificate(egsUnitId: string, certificate: string, status: string): Promise<SignedInvoiceRef[]>;
}
