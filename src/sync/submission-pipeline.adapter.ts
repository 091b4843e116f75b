/**
 * The submission pipeline as regimes' own logic sees it (compliance's SubmissionPipeline port), over the
 * repositories and the audited state transitions: the same moves the pipeline makes, for any regime.
 */
import { Injectable } from '@nestjs/common';
import {
  RegimeRegistry,
  type HeldSubmissions,
  type PipelineAudit,
  type PipelineDocument,
  type PipelineSubmission,
  type Reregistration,
  type SubmissionPipeline,
} from '../compliance';
import { DocumentRepository, identifierColumnsPatch, SubmissionRepository } from '../database/repositories';
import { SubmissionState } from '../domain';
import { JobName, QueueService } from '../queue';
import { ConnectorRuntimeService } from './connector-runtime.service';
import { effectiveInvoice } from './effective-invoice';
import { StateTransitionsService } from './state-transitions.service';

@Injectable()
export class SubmissionPipelineAdapter implements SubmissionPipeline {
  constructor(
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly connectors: ConnectorRuntimeService,
    private readonly transitions: StateTransitionsService,
    private readonly regimes: RegimeRegistry,
    private readonly queue: QueueService,
  ) {}

  async findSubmission(id: string): Promise<PipelineSubmission | undefined> {
    return (await this.submissions.findById(id)) ?? undefined;
  }

  async documentOf(
    submission: Pick<PipelineSubmission, 'documentId' | 'regime'>,
  ): Promise<PipelineDocument | undefined> {
    const document = await this.documents.findById(submission.documentId);
    if (!document) return undefined;
    const instance = this.connectors.byId(document.connectorInstanceId);
    return {
      invoice: effectiveInvoice(document),
      settings: instance?.regimeSettings[submission.regime] ?? {},
      connectorInstance: instance?.name ?? document.connectorInstanceId,
    };
  }

  async replaceRegistration(
    submission: Pick<PipelineSubmission, 'id' | 'documentId' | 'regime' | 'state'>,
    registration: Reregistration,
    audit: PipelineAudit,
  ): Promise<boolean> {
    const moved = await this.transitions.move(
      submission,
      [submission.state],
      SubmissionState.WritebackPending,
      {
        requestPayload: registration.payload,
        identifiers: registration.identifiers,
        ...identifierColumnsPatch(
          this.regimes.projectIdentifiers(submission.regime, registration.identifiers),
        ),
        response: registration.response,
        warnings: null,
        errorClass: null,
        errorCode: null,
        errorMessage: null,
        fieldErrors: null,
      },
      audit,
    );
    if (!moved) return false;
    await this.queue.send(
      JobName.SubmissionWriteBack,
      { submissionId: submission.id },
      { key: submission.id },
    );
    return true;
  }

  countHeld(held: HeldSubmissions): Promise<number> {
    return this.submissions.countHeld(held);
  }

  async releaseHeld(held: HeldSubmissions): Promise<string[]> {
    const ids = await this.submissions.releaseHeld(held);
    await this.queue.sendMany(
      JobName.SubmissionProcess,
      ids.map((submissionId) => ({ data: { submissionId }, key: submissionId })),
    );
    return ids;
  }
}
