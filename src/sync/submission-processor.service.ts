/**
 * Moves one submission along: RECEIVED -> map -> READY (or MAPPING_FAILED); READY/RETRY -> SUBMITTING ->
 * REGISTERED -> WRITEBACK_PENDING, REJECTED, or RETRY. Safe to run twice for the same submission: each
 * step starts with a compare-and-set claim, and a send whose outcome is unknown is looked up by the
 * regime before anything is sent again.
 */
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RegimeRegistry } from '../compliance/regime-registry';
import { ComplianceError, type SubmitOutcome } from '../compliance/regime';
import type { ComplianceIdentifiers } from '../connectors/contract';
import type { SubmissionEntity } from '../database/entities';
import { DocumentRepository } from '../database/repositories/document.repository';
import { SubmissionRepository } from '../database/repositories/submission.repository';
import { SubmissionState } from '../domain/submission-state';
import { JobName } from '../queue/job-name';
import { QueueService } from '../queue/queue.service';
import { nextAttemptDelayMs } from './backoff';
import { ConnectorRuntimeService } from './connector-runtime.service';
import { effectiveInvoice } from './effective-invoice';
import { SYSTEM_ACTOR, StateTransitionsService } from './state-transitions.service';

const S = SubmissionState;

@Injectable()
export class SubmissionProcessorService {
  private readonly logger = new Logger('Pipeline');

  constructor(
    private readonly config: AppConfig,
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly regimes: RegimeRegistry,
    private readonly connectors: ConnectorRuntimeService,
    private readonly transitions: StateTransitionsService,
    private readonly queue: QueueService,
  ) {}

  async process(submissionId: string): Promise<void> {
    const submission = await this.submissions.findById(submissionId);
    if (!submission) return;
    if (submission.state === S.Received) await this.map(submission);
    else if (submission.state === S.Ready && submission.requestPayload == null)
      await this.mapWaiting(submission);
    else if (submission.state === S.Ready || submission.state === S.Retry) await this.submit(submission);
    else if (submission.state === S.Registered) await this.queueWriteBack(submission);
  }

  /** REGISTERED -> WRITEBACK_PENDING; also picks up a registration whose process died right after it. */
  private async queueWriteBack(submission: SubmissionEntity): Promise<void> {
    const pending = await this.transitions.move(
      submission,
      [S.Registered],
      S.WritebackPending,
      {},
      {
        actor: SYSTEM_ACTOR,
        action: 'writeback-queued',
      },
    );
    if (pending) await this.enqueueWriteBack(pending.id);
  }

  /** A submission parked at READY before its regime was registered: map it now that there is one. */
  private async mapWaiting(submission: SubmissionEntity): Promise<void> {
    if (!this.regimes.get(submission.regime)) return;
    const received = await this.transitions.move(
      submission,
      [S.Ready],
      S.Received,
      {},
      {
        actor: SYSTEM_ACTOR,
        action: 'regime-available',
      },
    );
    if (received) await this.map(received);
  }

  private async map(submission: SubmissionEntity): Promise<void> {
    const document = await this.documents.findById(submission.documentId);
    if (!document) return;
    const invoice = effectiveInvoice(document);
    if (!invoice) {
      await this.transitions.move(
        submission,
        [S.Received],
        S.MappingFailed,
        {
          errorClass: 'validation',
          errorMessage: 'the ERP document could not be read into an invoice',
          fieldErrors: document.normalisationErrors,
        },
        { actor: SYSTEM_ACTOR, action: 'mapping-failed' },
      );
      return;
    }
    const regime = this.regimes.get(submission.regime);
    if (!regime) {
      await this.transitions.move(
        submission,
        [S.Received],
        S.Ready,
        {},
        {
          actor: SYSTEM_ACTOR,
          action: 'waiting-for-regime',
          reason: `no implementation of ${submission.regime} is registered; waiting at READY`,
        },
      );
      return;
    }
    const settings = this.settingsFor(document.connectorInstanceId, submission.regime);
    const mapped = regime.map(invoice, settings);
    if (!mapped.ok) {
      const moved = await this.transitions.move(
        submission,
        [S.Received],
        S.MappingFailed,
        {
          errorClass: 'validation',
          errorCode: null,
          errorMessage: `${mapped.errors.length} field error(s) against ${submission.regime}`,
          fieldErrors: mapped.errors,
        },
        { actor: SYSTEM_ACTOR, action: 'mapping-failed', details: { errors: mapped.errors.length } },
      );
      if (moved) await this.enqueueWriteBack(moved.id);
      return;
    }
    const identifiers: ComplianceIdentifiers = { ...submission.identifiers, ...mapped.value.identifiers };
    const moved = await this.transitions.move(
      submission,
      [S.Received],
      S.Ready,
      {
        requestPayload: mapped.value.payload,
        identifiers,
        irn: identifiers.irn ?? submission.irn,
        errorClass: null,
        errorCode: null,
        errorMessage: null,
        fieldErrors: null,
      },
      { actor: SYSTEM_ACTOR, action: 'mapped' },
    );
    if (moved) await this.submit(moved);
  }

  private async submit(submission: SubmissionEntity): Promise<void> {
    const regime = this.regimes.get(submission.regime);
    if (!regime) return;
    const claimed = await this.submissions.claimForSubmit(submission.id);
    if (!claimed) return;
    const document = await this.documents.findById(claimed.documentId);
    if (!document) return;
    let outcome: SubmitOutcome;
    try {
      outcome = await regime.submit(claimed.requestPayload, {
        submissionId: claimed.id,
        documentId: claimed.documentId,
        connectorInstance:
          this.connectors.byId(document.connectorInstanceId)?.name ?? document.connectorInstanceId,
        attempt: claimed.attempts,
        outcomeUnknown: claimed.outcomeUnknown,
        previous: claimed.identifiers,
        settings: this.settingsFor(document.connectorInstanceId, claimed.regime),
      });
    } catch (error) {
      await this.failed(claimed, error);
      return;
    }
    if (outcome.status === 'rejected') {
      const moved = await this.transitions.move(
        claimed,
        [S.Submitting],
        S.Rejected,
        {
          outcomeUnknown: false,
          submittingSince: null,
          response: outcome.response,
          errorClass: 'rejected',
          errorCode: outcome.code,
          errorMessage: outcome.message,
          fieldErrors: outcome.fieldErrors ?? null,
        },
        { actor: SYSTEM_ACTOR, action: 'rejected', reason: `${outcome.code}: ${outcome.message}` },
      );
      if (moved) await this.enqueueWriteBack(moved.id);
      return;
    }
    const ids: ComplianceIdentifiers = { ...claimed.identifiers, ...outcome.identifiers };
    const registered = await this.transitions.move(
      claimed,
      [S.Submitting],
      S.Registered,
      {
        outcomeUnknown: false,
        submittingSince: null,
        nextAttemptAt: null,
        response: outcome.response,
        identifiers: ids,
        irn: ids.irn ?? null,
        ackNo: ids.ackNo ?? null,
        ackDate: ids.ackDate ?? null,
        signedQr: ids.signedQrCode ?? ids.zatcaQr ?? null,
        ewbNo: ids.ewbNo ?? null,
        validUpto: ids.ewbValidUpto ?? null,
        zatcaUuid: ids.zatcaUuid ?? null,
        zatcaHash: ids.zatcaHash ?? null,
        zatcaIcv: ids.zatcaIcv ?? null,
        zatcaStatus: ids.zatcaStatus ?? null,
        warnings: outcome.warnings ?? null,
        errorClass: null,
        errorCode: null,
        errorMessage: null,
        fieldErrors: null,
      },
      { actor: SYSTEM_ACTOR, action: outcome.adopted ? 'registered-adopted' : 'registered' },
    );
    if (registered) await this.queueWriteBack(registered);
  }

  private async failed(submission: SubmissionEntity, error: unknown): Promise<void> {
    const classified =
      error instanceof ComplianceError
        ? error
        : new ComplianceError('unknown-outcome', error instanceof Error ? error.message : String(error), {
            cause: error,
          });
    const outcomeUnknown = submission.outcomeUnknown || classified.errorClass === 'unknown-outcome';
    const common = {
      submittingSince: null,
      outcomeUnknown,
      errorClass: classified.errorClass,
      errorCode: classified.options.code ?? null,
      errorMessage: classified.message,
      response: classified.options.response ?? null,
    };
    if (classified.retryable && submission.attempts < this.config.queue.maxAttempts) {
      const delay = nextAttemptDelayMs(submission.attempts, classified.options.retryAfterMs);
      const at = new Date(Date.now() + delay);
      const moved = await this.transitions.move(
        submission,
        [S.Submitting],
        S.Retry,
        { ...common, nextAttemptAt: at },
        {
          actor: SYSTEM_ACTOR,
          action: 'retry-scheduled',
          reason: classified.message,
          details: { delayMs: Math.round(delay) },
        },
      );
      if (moved)
        await this.queue.send(
          JobName.SubmissionProcess,
          { submissionId: moved.id },
          { key: moved.id, startAfter: at },
        );
      return;
    }
    const reason = classified.retryable
      ? `gave up after ${submission.attempts} attempts: ${classified.message}`
      : classified.message;
    this.logger.warn(`submission ${submission.id} failed (${classified.errorClass}): ${reason}`);
    await this.transitions.move(
      submission,
      [S.Submitting],
      S.Rejected,
      { ...common, errorMessage: reason },
      { actor: SYSTEM_ACTOR, action: 'failed', reason },
    );
  }

  private settingsFor(instanceId: string, regime: string): Record<string, unknown> {
    return this.connectors.byId(instanceId)?.regimeSettings[regime] ?? {};
  }

  private async enqueueWriteBack(submissionId: string): Promise<void> {
    await this.queue.send(JobName.SubmissionWriteBack, { submissionId }, { key: submissionId });
  }
}
