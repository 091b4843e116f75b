/** The failure queue as rows for CSV and XLSX exports: one row per failed submission, text cells only. */
import { neutraliseFormula } from '../../domain';

export const FAILURE_COLUMNS = [
  'updated_at',
  'connector',
  'document_number',
  'document_date',
  'regime',
  'state',
  'error_class',
  'authority_code',
  'authority_message',
  'field_errors',
  'attempts',
  'submission_id',
  'document_id',
] as const;

export type FailureRow = Record<(typeof FAILURE_COLUMNS)[number], string>;

export interface FailedSubmission {
  id: string;
  documentId: string;
  regime: string;
  state: string;
  attempts: number;
  errorClass: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  fieldErrors: { path: string; message: string }[] | null;
  updatedAt: Date | string;
}

export interface FailedDocument {
  id: string;
  connectorInstanceId: string;
  docNumber: string | null;
  docDate: string | null;
}

export function failureRows(
  submissions: readonly FailedSubmission[],
  documents: readonly FailedDocument[],
  connectorName: (connectorInstanceId: string) => string,
): FailureRow[] {
  const byId = new Map(documents.map((d) => [d.id, d]));
  return submissions.map((s) => {
    const document = byId.get(s.documentId);
    const row: FailureRow = {
      updated_at: new Date(s.updatedAt).toISOString(),
      connector: document ? connectorName(document.connectorInstanceId) : '',
      document_number: document?.docNumber ?? '',
      document_date: document?.docDate ?? '',
      regime: s.regime,
      state: s.state,
      error_class: s.errorClass ?? '',
      authority_code: s.errorCode ?? '',
      authority_message: s.errorMessage ?? '',
      field_errors: (s.fieldErrors ?? []).map((e) => `${e.path}: ${e.message}`).join('; '),
      attempts: String(s.attempts),
      submission_id: s.id,
      document_id: s.documentId,
    };
    for (const column of FAILURE_COLUMNS) row[column] = neutraliseFormula(row[column]);
    return row;
  });
}
