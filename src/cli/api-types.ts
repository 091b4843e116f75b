/**
 * The JSON the connector service answers with, as the CLI reads it (dates arrive as ISO strings).
 * Only what the CLI shows is typed; everything else passes through untouched for `--json`.
 */
export interface ApiFieldError {
  path: string;
  /** The canonical invoice field to override when `path` names a field of a regime's payload. */
  canonicalPath?: string;
  /** The authority's path (NIC's `ItemList[0].HsnCd`) when the error was found in a regime's payload. */
  authorityPath?: string;
  /** Where the value came from in the ERP's record when that is not `path` (a CSV cell: rows[7].BuyerGSTIN). */
  source?: string;
  rule?: string;
  message: string;
  value?: string;
}

export interface ConnectorSummary {
  name: string;
  kind: string;
  enabled: boolean;
  regimes: string[];
  config: Record<string, unknown>;
  cursor: unknown;
  lastPullAt: string | null;
  lastPullStats: Record<string, unknown> | null;
}

export interface ConnectorCheck {
  ok: boolean;
  message: string;
  details?: Record<string, unknown>;
}

export interface PullAnswer {
  enqueued: boolean;
  jobId: string | null;
}

export interface UploadAnswer {
  filename: string;
  contentHash: string;
}

/** GET /connectors/:name/files: what waits in the inbox, and what was set aside with the reason. */
export interface ConnectorFiles {
  inbox: string[];
  rejected: { file: string; originalName: string; contentHash: string; reason: string; rejectedAt: string }[];
}

export interface SubmissionBrief {
  id: string;
  regime: string;
  state: string;
  errorClass: string | null;
  /** Issued by the IRP; null until registered. */
  irn: string | null;
  /** Computed locally at mapping: the IRN the IRP is expected to issue. */
  expectedIrn?: string | null;
}

export interface DocumentListItem {
  id: string;
  connectorInstanceId: string;
  erpId: string;
  direction: string;
  docType: string | null;
  docNumber: string | null;
  docDate: string | null;
  sellerTaxId: string | null;
  buyerTaxId: string | null;
  alteredAfterRegistration: boolean;
  erpDeleted: boolean;
  createdAt: string;
  submissions: SubmissionBrief[];
}

export interface Page<T> {
  total: number;
  items: T[];
}

export interface SubmissionDetail {
  id: string;
  documentId: string;
  regime: string;
  state: string;
  attempts: number;
  nextAttemptAt: string | null;
  outcomeUnknown: boolean;
  identifiers: Record<string, unknown> | null;
  /** Issued by the IRP; null until registered. */
  irn: string | null;
  /** Computed locally at mapping: the IRN the IRP is expected to issue. */
  expectedIrn?: string | null;
  ackNo: string | null;
  ackDate: string | null;
  ewbNo: string | null;
  validUpto: string | null;
  zatcaUuid: string | null;
  zatcaStatus: string | null;
  errorClass: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  fieldErrors: ApiFieldError[] | null;
  warnings: { code?: string; message: string }[] | null;
  createdAt: string;
  updatedAt: string;
}

export interface AuditEvent {
  id: string;
  at: string;
  actor: string;
  action: string;
  submissionId: string | null;
  fromState: string | null;
  toState: string | null;
  reason: string | null;
  details: Record<string, unknown> | null;
}

export interface DocumentDetail {
  id: string;
  connectorInstanceId: string;
  erpId: string;
  direction: string;
  docType: string | null;
  docNumber: string | null;
  docDate: string | null;
  sellerTaxId: string | null;
  buyerTaxId: string | null;
  sourceRef: string | null;
  contentHash: string;
  alteredAfterRegistration: boolean;
  erpDeleted: boolean;
  normalisationErrors: ApiFieldError[] | null;
  overrides: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
  submissions: SubmissionDetail[];
  audit: AuditEvent[];
}

export interface RetryAnswer {
  retried: { submissionId: string; from: string; to: string }[];
  skipped: { submissionId: string; state: string; why: string }[];
}

/** Filters shared by `documents list`, `submissions list`, `retry` and `watch`. */
export interface SubmissionFilter {
  state?: string;
  connector?: string;
  errorClass?: string;
  regime?: string;
  from?: string;
  to?: string;
}

export interface ListQuery extends SubmissionFilter {
  docNumber?: string;
  limit?: number;
  offset?: number;
}

/** The answer of a regime operation: the submissions as stored afterwards and what else it reported. */
export interface OperationRun {
  operation: string;
  submissions: Record<string, unknown>[];
  result: Record<string, unknown>;
}

export interface CancelRequest {
  /** The authority's cancellation reason, '1'..'4' (meanings differ per regime; a string to the service). */
  reasonCode: '1' | '2' | '3' | '4';
  remark: string;
  operator: string;
  reason: string;
}

/**
 * The reconciliation categories `GET /reconciliation/:gstin/:period?category=` accepts (the enum the API
 * documents for it); test/cli/reco-categories.test.ts holds this list to the server's.
 */
export const RECO_CATEGORIES = [
  'exact',
  'suggested',
  'mismatch',
  'pan',
  'missing-in-2b',
  'missing-in-books',
  'duplicate-in-books',
  'duplicate-in-2b',
  'in-other-period',
  'amended',
] as const;

/** Count and input tax credit at stake of one reconciliation category. */
export interface RecoCategoryTotal {
  count: number;
  itcAtStake: string;
}

/** What `POST /reconciliation/:gstin/:period/run` answers: the run's summary, or why it did not run. */
export type RecoRunAnswer =
  | {
      runId: string;
      summary: {
        purchases: number;
        unreadablePurchases: number;
        gstr2bDocuments: number;
        categories: Record<string, RecoCategoryTotal>;
      };
    }
  | { skipped: string };

export interface RecoMatch {
  id: string;
  category: string;
  rule: string;
  supplierGstin: string;
  supplierName: string | null;
  erpId: string | null;
  billNumber: string | null;
  gstr2bNumber: string | null;
  section: string | null;
  purchaseTax: string | null;
  gstr2bTax: string | null;
  itcAtStake: string;
  decision: string | null;
  decidedBy: string | null;
  explanation: string[];
}

/** `GET /reconciliation/:gstin/:period`. */
export interface RecoReport {
  gstin: string;
  period: string;
  lastRun: { state: string; trigger: string; startedAt: string; finishedAt: string | null } | null;
  categories: Record<string, RecoCategoryTotal>;
  unreadablePurchases: {
    erpId: string;
    billNumber: string | null;
    fieldErrors: { path: string; message: string }[];
  }[];
  matches: RecoMatch[];
  /** One page of matches; `nextCursor` asks for the next (null: the last page). */
  page?: { limit: number; total: number; unreadableTotal: number; nextCursor: string | null };
}

export interface RecoSupplierTotal {
  supplierGstin: string;
  supplierName: string | null;
  documents: number;
  itcAtStake: string;
  open: number;
}
