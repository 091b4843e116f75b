/**
 * Cancels a registration with the authority on an operator's request, the same way for every regime
 * with a `cancel`. Refused locally before anything is sent when the regime's cancel policy says so (IRN:
 * 24 h from AckDt, or an e-way bill still active on the document; e-way bill: 24 h from its generation)
 * or the reason code or remark is not one its authority takes; the authority's own refusal codes are
 * kept verbatim, and its refusal audited.
 */
import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  ComplianceError,
  type ComplianceRegime,
  type CancelCandidate,
  type CancelPolicy,
  type RegimeSettings,
  RegimeRegistry,
} from '../compliance';
import type { SubmissionEntity } from '../database/entities';
import { AuditRepository, DocumentRepository, SubmissionRepository } from '../database/repositories';
import { SubmissionState, isRegistered } from '../domain';
import { JobName, QueueService } from '../queue';
import { ConnectorRuntimeService } from './connector-runtime.service';
import type { OperatorAction } from './operator.service';
import { StateTransitionsService } from './state-transitions.service';

const S = SubmissionState;
/** NIC's code for an IRN whose e-way bill is still active; the IRP's own refusal of the same. */
const EWAYBILL_ACTIVE = '2230';
/** What an operator does about an IRN held by its e-way bill, where no submission here tracks the bill. */
const CANCEL_EWAYBILL_FIRST =
  "cancel the e-way bill first (on the e-way bill portal within 24 hours of its generation, or configure the instance's e-way bill API so the connector cancels it), then the IRN";

export interface CancelInput {
  reasonCode: string;
  remark: string;
}

/** What the IRP said about the e-way bill generated with the IRN, for the audit trail. */
interface EwaybillCheck {
  ewbNo: string;
  irpStatus: string;
}

@Injectable()
export class CancellationService {
  private readonly logger = new Logger(CancellationService.name);

  constructor(
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly regimes: RegimeRegistry,
    private readonly connectors: ConnectorRuntimeService,
    private readonly transitions: StateTransitionsService,
    private readonly queue: QueueService,
    private readonly audit: AuditRepository,
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

    const document = await this.documents.findById(submission.documentId);
    const settings = document
      ? (this.connectors.byId(document.connectorInstanceId)?.regimeSettings[submission.regime] ?? {})
      : {};
    const policy = this.regimes.descriptor(submission.regime)?.cancelPolicy;
    if (policy) checkReason(policy, submission.regime, input);
    const ewaybillCheck = policy
      ? await this.checkCancellable(policy, submission, regime, settings, now)
      : undefined;
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
      await this.audit.append({
        actor: `operator:${action.operator}`,
        action: 'operator-cancel-refused',
        documentId: submission.documentId,
        submissionId: submission.id,
        fromState: submission.state,
        toState: submission.state,
        reason: action.reason,
        details: {
          reasonCode: input.reasonCode,
          remark: input.remark,
          code: outcome.code,
          message: outcome.message,
        },
      });
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
          ...(ewaybillCheck ? { ewaybill: ewaybillCheck } : {}),
        },
      },
    );
    if (!cancelled) throw new ConflictException('the submission changed state meanwhile; try again');
    await this.queue.send(JobName.SubmissionWriteBack, { submissionId }, { key: submissionId });
    return cancelled;
  }

  /**
   * The regime's cancel policy: throws 409 with the authority's code when it would refuse; returns what
   * the authority said of an e-way bill generated with the registration, when the policy asks.
   */
  private async checkCancellable(
    policy: CancelPolicy,
    submission: SubmissionEntity,
    regime: ComplianceRegime,
    settings: RegimeSettings,
    now: number,
  ): Promise<EwaybillCheck | undefined> {
    const siblings = (await this.submissions.forDocument(submission.documentId)).map(cancelCandidate);
    const candidate = cancelCandidate(submission);
    const refused = policy.refusal(candidate, siblings, settings, now);
    if (refused) throw refusal(refused.code, refused.message);
    const ewbNo = policy.needsAuthorityCheck?.(candidate, siblings, settings);
    if (!ewbNo) return undefined;
    return this.confirmEwaybillInactive(submission, ewbNo, regime, settings);
  }

  /**
   * The e-way bill generated with the IRN (EwbDtls) blocks the cancellation unless the IRP reports it
   * cancelled or gone. When the IRP cannot be asked, the local record (generated, never seen cancelled)
   * decides: refused.
   */
  private async confirmEwaybillInactive(
    submission: SubmissionEntity,
    ewbNo: string,
    regime: ComplianceRegime,
    settings: RegimeSettings,
  ): Promise<EwaybillCheck> {
    let found: { ewbNo: string; status?: string } | undefined;
    try {
      if (!regime.ewaybillOf) throw new Error(`${regime.name} cannot look e-way bills up`);
      found = await regime.ewaybillOf({ identifiers: submission.identifiers, settings });
    } catch (error) {
      const why = `the IRP could not be asked: ${error instanceof Error ? error.message : String(error)}`;
      this.logger.warn(`e-way bill ${ewbNo} of submission ${submission.id}: ${why}`);
      throw notKnownCancelled(ewbNo, why);
    }
    if (!found) return { ewbNo, irpStatus: 'none' };
    if (found.status === 'CNL') return { ewbNo: found.ewbNo, irpStatus: 'CNL' };
    if (found.status === 'ACT') {
      throw refusal(
        EWAYBILL_ACTIVE,
        `e-way bill ${found.ewbNo} generated with this IRN is active (the IRP reports ACT): ${CANCEL_EWAYBILL_FIRST}`,
      );
    }
    throw notKnownCancelled(ewbNo, `the IRP gave status "${found.status ?? ''}"`);
  }
}

/** The regime's reason codes and remark length (they differ between authorities): 400 naming the rule. */
function checkReason(policy: CancelPolicy, regime: string, input: CancelInput): void {
  const errors = [];
  if (policy.reasons && !Object.hasOwn(policy.reasons, input.reasonCode)) {
    const allowed = Object.entries(policy.reasons).map(([code, meaning]) => `${code} ${meaning}`);
    errors.push({
      path: 'reasonCode',
      rule: 'isIn',
      message: `${regime} takes reason codes ${allowed.join(', ')}`,
      value: JSON.stringify(input.reasonCode),
    });
  }
  if (policy.remarkMaxLength !== undefined && input.remark.length > policy.remarkMaxLength) {
    errors.push({
      path: 'remark',
      rule: 'maxLength',
      message: `${regime} takes a remark of at most ${policy.remarkMaxLength} characters`,
      value: JSON.stringify(input.remark).slice(0, 200),
    });
  }
  if (errors.length > 0) {
    throw new BadRequestException({ statusCode: 400, message: 'request validation failed', errors });
  }
}

function cancelCandidate(submission: SubmissionEntity): CancelCandidate {
  return {
    regime: submission.regime,
    state: submission.state,
    identifiers: submission.identifiers,
    ackDate: submission.ackDate,
    ewbNo: submission.ewbNo,
  };
}

function notKnownCancelled(ewbNo: string, why: string): ConflictException {
  return refusal(
    EWAYBILL_ACTIVE,
    `e-way bill ${ewbNo} was generated with this IRN and is not known to be cancelled (${why}): ${CANCEL_EWAYBILL_FIRST}`,
  );
}

function refusal(code: string, message: string): ConflictException {
  return new ConflictException({ statusCode: 409, code, message });
}
