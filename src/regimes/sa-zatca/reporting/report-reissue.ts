/**
 * Re-issue of a simplified invoice ZATCA refused to report: by operator retry (NOT_REPORTED), or
 * automatically after re-onboarding for one signed under a CSID ZATCA refused (ZatcaReonboarding). Its
 * submission is registered as far as the pipeline goes (the customer already has the invoice and its QR),
 * so it does not go back through RECEIVED. Instead the corrected document is mapped and signed here by the
 * `sa-zatca` regime as a new invoice (new UUID, next ICV, PIH = the refused invoice's hash), recorded as
 * SIGNED_PENDING_REPORTING and written back to the ERP (the new QR); the reporting job reports it.
 * Signing is local: nothing is sent to ZATCA here. Should this process die after signing, the next retry
 * finds the re-issue already signed (the chain store keys it by submission and generation) and records it.
 */
import { type ComplianceIdentifiers, SubmissionState } from '../../../domain';
import { ComplianceError, type ComplianceRegime } from '../../../compliance';
import type { PipelineAudit, PipelineSubmission, SubmissionPipeline } from '../../../compliance';
import { ZATCA_NOT_REPORTED } from './reporting-job';

const S = SubmissionState;
const REGIME = 'sa-zatca';
/** Whatever the ERP was last told has been written (or given up on): the re-issue's write-back follows. */
const SETTLED_STATES: readonly SubmissionState[] = [S.WrittenBack, S.WritebackFailed];

export interface ReportReissueDependencies {
  pipeline: Pick<SubmissionPipeline, 'documentOf' | 'replaceRegistration'>;
  /** The `sa-zatca` regime this process built; undefined when it is not registered. */
  regime: ComplianceRegime | undefined;
}

export type ReportReissueResult = { to: SubmissionState } | { why: string };

/** Whether the ERP has been told (or given up on) all it was to hear, so a re-issue's write-back may follow. */
export function isSettledForReissue(submission: Pick<PipelineSubmission, 'state'>): boolean {
  return SETTLED_STATES.includes(submission.state);
}

/** A `sa-zatca` submission whose simplified invoice ZATCA refused to report. */
export function isRefusedReport(submission: Pick<PipelineSubmission, 'regime' | 'identifiers'>): boolean {
  return submission.regime === REGIME && submission.identifiers.zatcaStatus === ZATCA_NOT_REPORTED;
}

export async function reissueRefusedReport(
  deps: ReportReissueDependencies,
  submission: PipelineSubmission,
  audit: Omit<PipelineAudit, 'details'>,
): Promise<ReportReissueResult> {
  if (!isSettledForReissue(submission))
    return { why: `the ERP is still being told of the refusal (${submission.state}); retry once it is done` };
  const document = await deps.pipeline.documentOf({ documentId: submission.documentId, regime: REGIME });
  const regime = deps.regime;
  if (!document?.invoice || !regime) return { why: 'the document or the sa-zatca regime is not available' };
  const { invoice, settings } = document;
  if (invoice.ksa?.invoiceKind !== 'simplified')
    return { why: 'a refused simplified invoice is re-issued as a simplified invoice' };
  const mapped = regime.map(invoice, settings);
  if (!mapped.ok) return { why: mapped.errors.map((error) => `${error.path}: ${error.message}`).join('; ') };

  let identifiers: ComplianceIdentifiers;
  try {
    const outcome = await regime.submit(mapped.value.payload, {
      submissionId: submission.id,
      documentId: submission.documentId,
      connectorInstance: document.connectorInstance,
      attempt: submission.attempts,
      outcomeUnknown: false,
      previous: submission.identifiers,
      settings,
    });
    if (outcome.status !== 'registered') return { why: outcome.message };
    identifiers = { ...submission.identifiers, ...mapped.value.identifiers, ...outcome.identifiers };
  } catch (error) {
    if (error instanceof ComplianceError) return { why: error.message };
    throw error;
  }

  const moved = await deps.pipeline.replaceRegistration(
    { ...submission, regime: REGIME },
    { payload: mapped.value.payload, identifiers, response: { reporting: 'pending' } },
    {
      ...audit,
      details: {
        reissued: { uuid: identifiers.zatcaUuid, icv: identifiers.zatcaIcv },
        refused: { uuid: submission.identifiers.zatcaUuid, icv: submission.identifiers.zatcaIcv },
      },
    },
  );
  return moved ? { to: S.WritebackPending } : { why: 'state changed meanwhile' };
}
