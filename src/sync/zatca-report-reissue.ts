/**
 * Re-issue of a simplified invoice ZATCA refused to report: by operator retry (NOT_REPORTED), or
 * automatically after re-onboarding for one signed under a CSID ZATCA refused (ZatcaReonboarding). Its submission is
 * registered as far as the pipeline goes (the customer already has the invoice and its QR), so it does
 * not go back through RECEIVED. Instead the corrected document is mapped and signed here by the
 * `sa-zatca` regime as a new invoice (new UUID, next ICV, PIH = the refused invoice's hash), recorded as
 * SIGNED_PENDING_REPORTING and written back to the ERP (the new QR); the reporting job reports it.
 * Signing is local: nothing is sent to ZATCA here. Should this process die after signing, the next retry
 * finds the re-issue already signed (the chain store keys it by submission and generation) and records it.
 */
import { ComplianceError } from '../compliance/regime';
import type { RegimeRegistry } from '../compliance/regime-registry';
import type { ComplianceIdentifiers } from '../connectors/contract';
import type { SubmissionEntity } from '../database/entities';
import type { DocumentRepository } from '../database/repositories/document.repository';
import { SubmissionState } from '../domain/submission-state';
import { JobName } from '../queue/job-name';
import type { QueueService } from '../queue/queue.service';
import type { ConnectorRuntimeService } from './connector-runtime.service';
import { effectiveInvoice } from './effective-invoice';
import type { StateTransitionsService } from './state-transitions.service';
import { ZATCA_NOT_REPORTED } from './zatca-reporting.service';

const S = SubmissionState;
const REGIME = 'sa-zatca';
/** Whatever the ERP was last told has been written (or given up on): the re-issue's write-back follows. */
const SETTLED_STATES: readonly SubmissionState[] = [S.WrittenBack, S.WritebackFailed];

export interface ReportReissueDependencies {
  documents: DocumentRepository;
  regimes: RegimeRegistry;
  connectors: ConnectorRuntimeService;
  transitions: StateTransitionsService;
  queue: QueueService;
}

export type ReportReissueResult = { to: SubmissionState } | { why: string };

/** Whether the ERP has been told (or given up on) all it was to hear, so a re-issue's write-back may follow. */
export function isSettledForReissue(submission: Pick<SubmissionEntity, 'state'>): boolean {
  return SETTLED_STATES.includes(submission.state);
}

export function isRefusedReport(submission: Pick<SubmissionEntity, 'regime' | 'zatcaStatus'>): boolean {
  return submission.regime === REGIME && submission.zatcaStatus === ZATCA_NOT_REPORTED;
}

export async function reissueRefusedReport(
  deps: ReportReissueDependencies,
  submission: SubmissionEntity,
  audit: { actor: string; action: string; reason: string },
): Promise<ReportReissueResult> {
  if (!isSettledForReissue(submission))
    return { why: `the ERP is still being told of the refusal (${submission.state}); retry once it is done` };
  const document = await deps.documents.findById(submission.documentId);
  const invoice = document ? effectiveInvoice(document) : undefined;
  const regime = deps.regimes.get(REGIME);
  if (!document || !invoice || !regime)
    return { why: 'the document or the sa-zatca regime is not available' };
  if (invoice.ksa?.invoiceKind !== 'simplified')
    return { why: 'a refused simplified invoice is re-issued as a simplified invoice' };
  const settings = deps.connectors.byId(document.connectorInstanceId)?.regimeSettings[REGIME] ?? {};
  const mapped = regime.map(invoice, settings);
  if (!mapped.ok) return { why: mapped.errors.map((error) => `${error.path}: ${error.message}`).join('; ') };

  let identifiers: ComplianceIdentifiers;
  try {
    const outcome = await regime.submit(mapped.value.payload, {
      submissionId: submission.id,
      documentId: submission.documentId,
      connectorInstance:
        deps.connectors.byId(document.connectorInstanceId)?.name ?? document.connectorInstanceId,
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

  const moved = await deps.transitions.move(
    submission,
    [submission.state],
    S.WritebackPending,
    {
      requestPayload: mapped.value.payload,
      identifiers,
      signedQr: identifiers.zatcaQr ?? null,
      zatcaUuid: identifiers.zatcaUuid ?? null,
      zatcaHash: identifiers.zatcaHash ?? null,
      zatcaIcv: identifiers.zatcaIcv ?? null,
      zatcaStatus: identifiers.zatcaStatus ?? null,
      response: { reporting: 'pending' },
      warnings: null,
      errorClass: null,
      errorCode: null,
      errorMessage: null,
      fieldErrors: null,
    },
    {
      actor: audit.actor,
      action: audit.action,
      reason: audit.reason,
      details: {
        reissued: { uuid: identifiers.zatcaUuid, icv: identifiers.zatcaIcv },
        refused: { uuid: submission.zatcaUuid, icv: submission.zatcaIcv },
      },
    },
  );
  if (!moved) return { why: 'state changed meanwhile' };
  await deps.queue.send(JobName.SubmissionWriteBack, { submissionId: submission.id }, { key: submission.id });
  return { to: S.WritebackPending };
}
