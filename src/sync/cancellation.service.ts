/**
 * Cancels a registration with the authority on an operator's request. Refused locally before anything
 * is sent when the legal window has passed (IRN: 24 h from AckDt) or an e-way bill is still active on
 * the document; the authority's own refusal codes are kept verbatim.
 */
import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { parseIstDateTime } from '../compliance/einvoice/ist-expiry';
import { ComplianceError } from '../compliance/regime';
import { RegimeRegistry } from '../compliance/regime-registry';
import { DocumentRepository } from '../database/repositories/document.repository';
import { SubmissionRepository } from '../database/repositories/submission.repository';
import { SubmissionState, isRegistered } from '../domain/submission-state';
import { JobName } from '../queue/job-name';
import { QueueService } from '../queue/queue.service';
import { ConnectorRuntimeService } from './connector-runtime.service';
import type { OperatorAction } from './operator.service';
import { StateTransitionsService } from './state-transitions.service';

const S = SubmissionState;
export const IRN_CANCEL_WINDOW_MS = 24 * 3600_000;

export interface CancelInput {
  reasonCode: string;
  remark: string;
}

@Injectable()
export class CancellationService {
  constructor(
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly regimes: RegimeRegistry,
    private readonly connectors: ConnectorRuntimeService,
    private readonly transitions: StateTransitionsService,
    private readonly queue: QueueService,
  ) {}

  async cancel(submissionId: string, input: CancelInput, action: OperatorAction, now = Date.now()) {
    const submission = await this.submissions.findById(submissionId);
    if (!submission) throw new NotFoundException(`no submission ${submissionId}`);
    if (!isRegistered(submission.state) || submission.state === S.Cancelled) {
      throw new ConflictException(
        `only a registered document can be cancelled; this one is ${submission.state}`,
      );
    }
    const regime = this.regimes.get(submission.regime);
    if (!regime?.cancel) throw new BadRequestException(`${submission.regime} does not support cancellation`);
    if (submission.regime === 'in-einvoice')
      await this.checkIrnCancellable(submission.documentId, submission.ackDate, now);

    const document = await this.documents.findById(submission.documentId);
    const settings = document
      ? (this.connectors.byId(document.connectorInstanceId)?.regimeSettings[submission.regime] ?? {})
      : {};
    let outcome;
    try {
      outcome = await regime.cancel({
        identifiers: submission.identifiers,
        reasonCode: input.reasonCode,
        remark: input.remark,
        settings,
      });
    } catch (error) {
      if (error instanceof ComplianceError && error.errorClass === 'validation')
        throw new BadRequestException(error.message);
      throw error;
    }
    if (outcome.status === 'rejected') {
      throw new UnprocessableEntityException({
        statusCode: 422,
        code: outcome.code,
        message: outcome.message,
      });
    }
    const cancelled = await this.transitions.move(
      submission,
      [S.Registered, S.WritebackPending, S.WrittenBack, S.WritebackFailed],
      S.Cancelled,
      { response: outcome.response, identifiers: { ...submission.identifiers, ...outcome.identifiers } },
      {
        actor: `operator:${action.operator}`,
        action: 'operator-cancel',
        reason: action.reason,
        details: {
          reasonCode: input.reasonCode,
          remark: input.remark,
          alreadyCancelled: outcome.adopted ?? false,
        },
      },
    );
    if (!cancelled) throw new ConflictException('the submission changed state meanwhile; try again');
    await this.queue.send(JobName.SubmissionWriteBack, { submissionId }, { key: submissionId });
    return cancelled;
  }

  private async checkIrnCancellable(documentId: string, ackDate: string | null, now: number): Promise<void> {
    const acknowledged = parseIstDateTime(ackDate);
    if (acknowledged !== undefined && now - acknowledged > IRN_CANCEL_WINDOW_MS) {
      throw new ConflictException({
        statusCode: 409,
        code: '2270',
        message: `the IRN can be cancelled only within 24 hours of ${ackDate} (IST); issue a credit note instead`,
      });
    }
    const ewaybill = (await this.submissions.forDocument(documentId)).find(
      (s) => s.regime === 'in-ewaybill' && isRegistered(s.state) && s.state !== S.Cancelled,
    );
    if (ewaybill) {
      throw new ConflictException({
        statusCode: 409,
        code: '2230',
        message: `e-way bill ${ewaybill.ewbNo ?? ''} is active on this document: cancel it first`,
      });
    }
  }
}
