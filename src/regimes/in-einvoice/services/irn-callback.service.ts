/**
 * IRN webhook callbacks settle unknown outcomes sooner. A provider's callback names a registration; once
 * it verifies with the IRP's key (readIrnCallback), it is applied to our submission of that document only
 * when our outcome is unknown (SUBMITTING or RETRY after a lost answer), through the same checks as the
 * look-up after an unknown outcome and recorded the same way: REGISTERED, then queued for write-back, so
 * the document is never sent again. Anything else changes nothing: a registered document's callback is
 * acknowledged (idempotent), a callback racing our own call is left to that call's answer.
 */
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type IrnCallback } from '../irn-callback';
import { EinvoiceRegime } from '../einvoice.regime';
import { RegimeRegistry, regimeSettingsOf } from '../../../compliance';
import { EINVOICE_DESCRIPTOR } from '../einvoice.descriptor';
import type { NicEinvoiceV11 } from '../../../mappers/irn';
import { isRegistered, SubmissionState } from '../../../domain';
import { JobName, QueueService } from '../../../queue';
import type { LiveConnector } from '../../../sync';
import { registeredMove } from '../../../sync';
import { StateTransitionsService } from '../../../sync';
import { EinvoiceSubmissionLookup } from './einvoice-submission-lookup';

const S = SubmissionState;
export const IRN_CALLBACK_ACTOR = 'provider:irn-callback';

export interface IrnCallbackAnswer {
  /** True when this callback registered the submission. */
  applied: boolean;
  irn: string;
  submissionId?: string;
  state?: string;
  reason?: string;
}

/** Why a callback was not applied; the HTTP layer maps `kind` to a status. */
export class IrnCallbackRefusal extends Error {
  constructor(
    readonly kind: 'no-document' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

@Injectable()
export class IrnCallbackService {
  private readonly logger = new Logger('IrnCallback');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly regimes: RegimeRegistry,
    private readonly lookup: EinvoiceSubmissionLookup,
    private readonly transitions: StateTransitionsService,
    private readonly queue: QueueService,
  ) {}

  /** Reads and verifies the body with the instance's IRP key; throws ComplianceError when it does not verify. */
  read(live: LiveConnector, body: unknown): IrnCallback {
    return this.regime().readIrnCallback(
      regimeSettingsOf(EINVOICE_DESCRIPTOR, live.regimeSettings) ?? {},
      body,
    );
  }

  async apply(live: LiveConnector, callback: IrnCallback): Promise<IrnCallbackAnswer> {
    const irn = callback.result.irn;
    const found = await this.lookup.find(callback.document, live.id);
    if (!found) {
      const { docType, docNo, docDate } = callback.document;
      throw new IrnCallbackRefusal('no-document', `no ${docType} ${docNo} of ${docDate} from ${live.name}`);
    }
    const { submission } = found;
    const base = { irn, submissionId: submission.id, state: submission.state };
    if (isRegistered(submission.state)) {
      if (submission.irn === irn) return { ...base, applied: false, reason: 'already registered' };
      throw new IrnCallbackRefusal('conflict', `submission ${submission.id} holds IRN ${submission.irn}`);
    }
    const unknown = submission.outcomeUnknown && [S.Submitting, S.Retry].includes(submission.state);
    if (!unknown) {
      return {
        ...base,
        applied: false,
        reason: `outcome not unknown (${submission.state}): left to its own answer`,
      };
    }
    const outcome = this.regime().settleUnknownOutcome(
      callback.result,
      submission.requestPayload as NicEinvoiceV11,
      submission.identifiers,
    );
    if (outcome.status !== 'registered') {
      throw new IrnCallbackRefusal('conflict', `${outcome.code}: ${outcome.message}`);
    }
    const move = registeredMove(submission, outcome, this.regimes);
    move.audit = { ...move.audit, details: { via: 'irn-callback', instance: live.name } };
    const moved = await this.dataSource.transaction(async (m) => {
      if (submission.state === S.Retry) {
        const claimed = await this.transitions.move(
          submission,
          [S.Retry],
          S.Submitting,
          { submittingSince: new Date() },
          { actor: IRN_CALLBACK_ACTOR, action: 'irn-callback', reason: `the provider reported IRN ${irn}` },
          m,
        );
        if (!claimed) return undefined;
      }
      const registered = await this.transitions.moveMany([move], S.Submitting, S.Registered, m, [
        { to: S.WritebackPending, action: 'writeback-queued' },
      ]);
      return registered.get(submission.id);
    });
    if (!moved) {
      throw new IrnCallbackRefusal('conflict', `submission ${submission.id} moved meanwhile; deliver again`);
    }
    await this.queue.send(
      JobName.SubmissionWriteBack,
      { submissionId: submission.id },
      { key: submission.id },
    );
    this.logger.log(`submission ${submission.id} registered from an IRN callback (${irn})`);
    return { ...base, applied: true, state: moved.state };
  }

  private regime(): EinvoiceRegime {
    const regime = this.regimes.get('in-einvoice');
    if (!(regime instanceof EinvoiceRegime)) throw new Error('the in-einvoice regime is not registered');
    return regime;
  }
}
