/**
 * Writes an outcome back to the ERP through the document's connector. For registered documents this
 * is the WRITEBACK_PENDING -> WRITTEN_BACK step (retried with backoff by the queue, WRITEBACK_FAILED
 * when the retries run out or the failure is not transient). For MAPPING_FAILED and REJECTED it tells
 * the ERP what went wrong, without changing the submission's state.
 */
import { Injectable, Logger } from '@nestjs/common';
import { ConnectorError, type RegimeName, type WriteBackOutcome } from '../connectors/contract';
import type { DocumentEntity, SubmissionEntity } from '../database/entities';
import { AuditRepository } from '../database/repositories/audit.repository';
import { DocumentRepository } from '../database/repositories/document.repository';
import { SubmissionRepository } from '../database/repositories/submission.repository';
import { SubmissionState } from '../domain/submission-state';
import type { JobContext } from '../queue/queue.service';
import { ConnectorRuntimeService } from './connector-runtime.service';
import { SYSTEM_ACTOR, StateTransitionsService } from './state-transitions.service';

const S = SubmissionState;
const NOTIFY_ONLY: SubmissionState[] = [S.MappingFailed, S.Rejected, S.Cancelled];

@Injectable()
export class WriteBackService {
  private readonly logger = new Logger('WriteBack');

  constructor(
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly connectors: ConnectorRuntimeService,
    private readonly transitions: StateTransitionsService,
    private readonly audit: AuditRepository,
  ) {}

  async writeBack(submissionId: string, job: JobContext): Promise<void> {
    const submission = await this.submissions.findById(submissionId);
    if (!submission) return;
    const pending = submission.state === S.WritebackPending;
    if (!pending && !NOTIFY_ONLY.includes(submission.state)) return;
    const document = await this.documents.findById(submission.documentId);
    const connector = document ? this.connectors.byId(document.connectorInstanceId) : undefined;
    if (!document || !connector) return;
    try {
      await connector.connector.writeBack(this.writeBackDocument(document), this.outcomeOf(submission));
    } catch (error) {
      await this.failed(submission, error, job, pending);
      return;
    }
    if (pending) {
      // Only a write-back error is cleared; an authority's (ZATCA NOT_REPORTED) stays visible.
      const cleared = submission.errorClass?.startsWith('writeback-')
        ? { errorClass: null, errorMessage: null }
        : {};
      await this.transitions.move(submission, [S.WritebackPending], S.WrittenBack, cleared, {
        actor: SYSTEM_ACTOR,
        action: 'written-back',
      });
    } else {
      await this.audit.append({
        actor: SYSTEM_ACTOR,
        action: 'error-written-back',
        documentId: submission.documentId,
        submissionId: submission.id,
      });
    }
  }

  private async failed(
    submission: SubmissionEntity,
    error: unknown,
    job: JobContext,
    pending: boolean,
  ): Promise<void> {
    const classified =
      error instanceof ConnectorError
        ? error
        : new ConnectorError('system', error instanceof Error ? error.message : String(error));
    const lastTry = job.retryCount >= job.retryLimit;
    if (classified.retryable && !lastTry) {
      this.logger.warn(
        `write-back of ${submission.id} failed (attempt ${job.retryCount + 1}), will retry: ${classified.message}`,
      );
      throw classified;
    }
    if (!pending) {
      await this.audit.append({
        actor: SYSTEM_ACTOR,
        action: 'error-writeback-failed',
        documentId: submission.documentId,
        submissionId: submission.id,
        reason: classified.message,
      });
      return;
    }
    await this.transitions.move(
      submission,
      [S.WritebackPending],
      S.WritebackFailed,
      { errorClass: `writeback-${classified.errorClass}`, errorMessage: classified.message },
      { actor: SYSTEM_ACTOR, action: 'writeback-failed', reason: classified.message },
    );
  }

  private writeBackDocument(document: DocumentEntity) {
    return {
      id: document.id,
      erpId: document.erpId,
      documentNumber: document.docNumber ?? undefined,
      documentDate: document.docDate ?? undefined,
      sourceRef: document.sourceRef ?? undefined,
      raw: document.raw,
      canonical: document.canonical ?? undefined,
    };
  }

  private outcomeOf(submission: SubmissionEntity): WriteBackOutcome {
    const registered = submission.state === S.WritebackPending;
    const cancelled = submission.state === S.Cancelled;
    return {
      regime: submission.regime as RegimeName,
      state: registered ? S.Registered : submission.state,
      // A refused document carries no identifiers: the locally computed IRN was never registered.
      identifiers: registered || cancelled ? submission.identifiers : {},
      error:
        registered || cancelled
          ? undefined
          : {
              errorClass: submission.errorClass ?? 'unknown',
              code: submission.errorCode ?? undefined,
              message: submission.errorMessage ?? '',
              fieldErrors: submission.fieldErrors ?? undefined,
            },
    };
  }
}
