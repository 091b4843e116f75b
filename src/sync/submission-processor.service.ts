/**
 * Moves submissions along, a batch at a time: RECEIVED -> map -> READY (or MAPPING_FAILED);
 * READY/RETRY -> SUBMITTING -> REGISTERED -> WRITEBACK_PENDING, REJECTED, or RETRY. Each step is one
 * compare-and-set over the whole batch (plus its audit events) in one transaction, so a batch costs a
 * handful of statements however large it is. Safe to run twice for the same submission: a submission
 * another process moved first simply drops out of the batch, and a send whose outcome is unknown is
 * looked up by the regime before anything is sent again.
 */
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config';
import {
  RegimeRegistry,
  ComplianceError,
  type Registered,
  type Rejected,
  type RegimeSettings,
  type SubmitContext,
  type SubmitOutcome,
} from '../compliance';
import { type SubmissionIdentifierColumns, SubmissionState } from '../domain';
import type { DocumentEntity, SubmissionEntity } from '../database/entities';
import {
  DocumentRepository,
  identifierColumnsPatch,
  SubmissionRepository,
  type SubmissionPatch,
} from '../database/repositories';
import { JobName, QueueService } from '../queue';
import { nextAttemptDelayMs } from './backoff';
import { ConnectorRuntimeService } from './connector-runtime.service';
import {
  duplicateRegistrationMessage,
  duplicateRegistrations,
  type DuplicateRegistration,
  type RegistrationClaim,
} from './duplicate-registration';
import { inCanonicalStyle } from './field-error-style';
import { registeredMove } from './registered-move';
import { type BatchMove, SYSTEM_ACTOR, StateTransitionsService } from './state-transitions.service';
import { instanceRegimesOf, mapSubmission } from './submission-mapping';
import { holdLease } from './submitting-lease';
import { dependentsToWake, gateOnUpstream, type Upstream } from './upstream-gate';
import { WriteBackService } from './write-back.service';

const S = SubmissionState;
/** A submission waiting for an operator (see ComplianceError.waitsForOperator) looks again after a day. */
const OPERATOR_WAIT_RECHECK_MS = 24 * 60 * 60 * 1000;

type Documents = Map<string, DocumentEntity>;

interface Sent {
  submission: SubmissionEntity;
  outcome?: Registered | Rejected;
  error?: ComplianceError;
}

@Injectable()
export class SubmissionProcessorService {
  private readonly logger = new Logger('Pipeline');

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly regimes: RegimeRegistry,
    private readonly connectors: ConnectorRuntimeService,
    private readonly transitions: StateTransitionsService,
    private readonly queue: QueueService,
    private readonly writeBack: WriteBackService,
  ) {}

  async processMany(submissionIds: readonly string[]): Promise<void> {
    const found = await this.submissions.findByIds([...new Set(submissionIds)]);
    if (found.length === 0) return;
    const documents = await this.loadDocuments(found);
    const waiting = found.filter((s) => s.state === S.Ready && s.requestPayload == null);
    const received = [...found.filter((s) => s.state === S.Received), ...(await this.reopen(waiting))];
    const { claimed: mapped, held } = await this.mapMany(received, documents);
    const due = [
      ...found.filter((s) => (s.state === S.Ready && s.requestPayload != null) || s.state === S.Retry),
      ...held,
    ];
    const sendable = due.filter((s) => this.regimes.get(s.regime) && documents.has(s.documentId));
    // A regime that depends on another's registration waits for it (RegimeDescriptor.dependsOn).
    const gated = await gateOnUpstream(sendable, this.regimes, this.submissions);
    const claimed = await this.submissions.claimManyForSubmit(gated.go.map((s) => s.id));
    await this.submitMany([...mapped, ...claimed], documents, gated.upstream);
    await this.queueWriteBacks(found.filter((s) => s.state === S.Registered));
  }

  private async loadDocuments(submissions: readonly SubmissionEntity[]): Promise<Documents> {
    const ids = [...new Set(submissions.map((s) => s.documentId))];
    return new Map((await this.documents.findByIds(ids)).map((document) => [document.id, document]));
  }

  /** Submissions parked at READY before their regime was registered go back to RECEIVED once it is. */
  private async reopen(waiting: readonly SubmissionEntity[]): Promise<SubmissionEntity[]> {
    const now = waiting.filter((s) => this.regimes.get(s.regime));
    const moved = await this.transitions.moveMany(systemMoves(now, 'regime-available'), S.Ready, S.Received);
    return [...moved.values()];
  }

  /**
   * RECEIVED -> READY -> SUBMITTING (claimed in the same statement and returned, to be sent now),
   * MAPPING_FAILED, or READY waiting for its regime; a regime that depends on another's registration
   * stops at READY (`held`), to be sent once the other's is recorded.
   */
  private async mapMany(
    received: readonly SubmissionEntity[],
    documents: Documents,
  ): Promise<{ claimed: SubmissionEntity[]; held: SubmissionEntity[] }> {
    const ready: BatchMove[] = [];
    const readyDependent: BatchMove[] = [];
    const failed: BatchMove[] = [];
    const parked: BatchMove[] = [];
    for (const submission of received) {
      const document = documents.get(submission.documentId);
      if (!document) continue;
      // Mapped again here even when the intake validation found it mappable: the payload sent is the one
      // of the settings and overrides in force now (see intake-validation.service.ts).
      const mapping = mapSubmission(
        submission,
        document,
        this.regimes,
        this.settingsFor(document.connectorInstanceId, submission.regime),
        instanceRegimesOf(this.connectors.byId(document.connectorInstanceId)),
      );
      if (mapping.kind === 'failed') failed.push(mapping.move);
      else if (mapping.kind === 'waiting-for-regime') parked.push(mapping.move);
      else (mapping.dependent ? readyDependent : ready).push(mapping.move);
    }
    const [claimed, movedFailed, held] = await this.dataSource.transaction(async (m) => [
      await this.transitions.moveMany(ready, S.Received, S.Ready, m, [{ to: S.Submitting }]),
      await this.transitions.moveMany(failed, S.Received, S.MappingFailed, m),
      await this.transitions.moveMany(readyDependent, S.Received, S.Ready, m),
      await this.transitions.moveManyIds(parked, S.Received, S.Ready, m),
    ]);
    // A document that cannot be mapped is reported back to the ERP with its field errors.
    await this.writeBack.writeBackNow([...movedFailed.values()], documents);
    // The moved rows come back without their request documents: the payload is the one just mapped.
    const withPayload = (moves: BatchMove[], rows: Map<string, SubmissionEntity>) =>
      moves.flatMap((move) => {
        const row = rows.get(move.submission.id);
        return row ? [Object.assign(row, { requestPayload: move.patch.requestPayload })] : [];
      });
    return { claimed: withPayload(ready, claimed), held: withPayload(readyDependent, held) };
  }

  /** Sends the claimed submissions concurrently and records every outcome in one go. */
  private async submitMany(
    claimed: readonly SubmissionEntity[],
    documents: Documents,
    upstream: ReadonlyMap<string, Upstream> = new Map(),
  ): Promise<void> {
    if (claimed.length === 0) return;
    const release = holdLease(
      claimed.map((s) => s.id),
      {
        renew: (ids) => this.submissions.renewSubmittingLease(ids),
        leaseSeconds: this.config.queue.submittingLeaseSeconds,
        logger: this.logger,
      },
    );
    let sent: Sent[];
    try {
      sent = await this.sendAll(claimed, documents, upstream);
    } finally {
      release();
    }
    const [pending, rejected] = await this.recordOutcomes(sent, documents);
    await this.wakeDependents([...pending.values()]);
    // Rejections are written back too: the ERP learns the authority's error.
    await this.writeBack.writeBackNow([...pending.values(), ...rejected.values()], documents);
    await this.failedMany(
      sent.filter((r) => r.error),
      documents,
    );
  }

  /**
   * REGISTERED (and on to WRITEBACK_PENDING in the same statement, both steps audited) and REJECTED, in one
   * transaction. A registration whose IRN another document holds is rejected instead, naming that document
   * (see duplicate-registration); should a concurrent batch store the same IRN between the check and the
   * write, the unique index refuses the write and the check runs again.
   */
  private async recordOutcomes(
    sent: readonly Sent[],
    documents: Documents,
  ): Promise<[Map<string, SubmissionEntity>, Map<string, SubmissionEntity>]> {
    const registered = sent.filter((r) => r.outcome?.status === 'registered');
    const refused = sent.filter((r) => r.outcome?.status === 'rejected');
    const claims = registered.map((r): RegistrationClaim => {
      const outcome = r.outcome as Registered;
      const ids = { ...r.submission.identifiers, ...outcome.identifiers };
      const document = documents.get(r.submission.documentId);
      return {
        irn: ids.ackNo ? ids.irn : undefined,
        documentId: r.submission.documentId,
        erpId: document?.erpId ?? '',
        docNumber: document?.docNumber ?? null,
        adopted: outcome.adopted === true,
      };
    });
    const irns = [...new Set(claims.flatMap((claim) => (claim.irn ? [claim.irn] : [])))];
    for (let attempt = 1; ; attempt++) {
      const duplicates = duplicateRegistrations(claims, await this.submissions.registrationsHolding(irns));
      const duplicateAt = new Map(duplicates.map((duplicate) => [duplicate.index, duplicate]));
      try {
        return await this.dataSource.transaction(async (m) => [
          await this.transitions.moveMany(
            registered
              .filter((_, index) => !duplicateAt.has(index))
              .map((r) => registeredMove(r.submission, r.outcome as Registered, this.regimes)),
            S.Submitting,
            S.Registered,
            m,
            [{ to: S.WritebackPending, action: 'writeback-queued' }],
          ),
          await this.transitions.moveMany(
            [
              ...refused.map((r) => this.rejectedMove(r.submission, r.outcome as Rejected)),
              ...duplicates.map((duplicate) =>
                this.duplicateMove(registered[duplicate.index], duplicate, claims[duplicate.index]),
              ),
            ],
            S.Submitting,
            S.Rejected,
            m,
          ),
        ]);
      } catch (error) {
        if (attempt < 3 && isIrnConflict(error)) continue;
        if (!isUniqueViolation(error)) throw error;
        // Another unique identifier (an e-way bill number, a ZATCA UUID) is held elsewhere: record each
        // outcome on its own so only the conflicting one is refused, never the whole batch left SUBMITTING.
        if (registered.length + refused.length > 1)
          return this.recordOneByOne([...registered, ...refused], documents);
        return [new Map(), await this.recordConflict(registered[0] ?? refused[0], error)];
      }
    }
  }

  private async recordOneByOne(
    outcomes: readonly Sent[],
    documents: Documents,
  ): Promise<[Map<string, SubmissionEntity>, Map<string, SubmissionEntity>]> {
    const pending = new Map<string, SubmissionEntity>();
    const rejected = new Map<string, SubmissionEntity>();
    for (const outcome of outcomes) {
      const [p, r] = await this.recordOutcomes([outcome], documents);
      for (const [id, submission] of p) pending.set(id, submission);
      for (const [id, submission] of r) rejected.set(id, submission);
    }
    return [pending, rejected];
  }

  /** REJECTED, nothing of the answer's identifiers stored: the operator sees which constraint refused it. */
  private async recordConflict(sent: Sent, error: unknown): Promise<Map<string, SubmissionEntity>> {
    const constraint = (error as { constraint?: string }).constraint ?? 'a unique index';
    const reason =
      `the authority's answer carries an identifier another submission already holds (${constraint}); ` +
      'nothing of it was stored: check which document the authority gave it to';
    this.logger.warn(`submission ${sent.submission.id}: ${reason}`);
    return this.dataSource.transaction((m) =>
      this.transitions.moveMany(
        [
          {
            submission: sent.submission,
            patch: {
              outcomeUnknown: false,
              submittingSince: null,
              nextAttemptAt: null,
              response: sent.outcome?.response,
              errorClass: 'rejected',
              errorCode: 'identifier-conflict',
              errorMessage: reason,
              fieldErrors: null,
            },
            audit: { actor: SYSTEM_ACTOR, action: 'rejected-identifier-conflict', reason },
          },
        ],
        S.Submitting,
        S.Rejected,
        m,
      ),
    );
  }

  private duplicateMove(sent: Sent, duplicate: DuplicateRegistration, claim: RegistrationClaim): BatchMove {
    const outcome = sent.outcome as Registered;
    const reason = duplicateRegistrationMessage(duplicate, claim.docNumber);
    this.logger.warn(`submission ${sent.submission.id}: ${reason}`);
    return {
      submission: sent.submission,
      patch: {
        outcomeUnknown: false,
        submittingSince: null,
        nextAttemptAt: null,
        response: outcome.response,
        errorClass: 'rejected',
        errorCode: outcome.adopted ? '2150' : 'duplicate-number',
        errorMessage: reason,
        fieldErrors: null,
      },
      audit: {
        actor: SYSTEM_ACTOR,
        action: 'rejected-number-registered',
        reason,
        details: { irn: duplicate.irn, holderDocumentId: duplicate.holder.documentId },
      },
    };
  }

  /** Each regime's share at once: in one bulk call where the regime has one, else concurrently. */
  private async sendAll(
    claimed: readonly SubmissionEntity[],
    documents: Documents,
    upstream: ReadonlyMap<string, Upstream>,
  ): Promise<Sent[]> {
    const byRegime = new Map<string, SubmissionEntity[]>();
    for (const submission of claimed) {
      const list = byRegime.get(submission.regime);
      if (list) list.push(submission);
      else byRegime.set(submission.regime, [submission]);
    }
    const sent: Sent[] = [];
    await Promise.all(
      [...byRegime].map(async ([name, submissions]) => {
        const regime = this.regimes.get(name);
        const items = submissions.map((submission) => ({
          submission,
          context: this.contextFor(submission, documents, upstream.get(submission.id)),
        }));
        if (!regime?.submitMany || items.length === 1) {
          sent.push(...(await Promise.all(items.map((item) => this.send(item.submission, item.context)))));
          return;
        }
        let outcomes: (SubmitOutcome | ComplianceError)[];
        try {
          outcomes = await regime.submitMany(
            items.map((item) => ({ payload: item.submission.requestPayload, context: item.context })),
          );
        } catch (error) {
          outcomes = items.map(() => ComplianceError.wrap(error));
        }
        for (const [i, item] of items.entries()) {
          const outcome = outcomes[i] ?? new ComplianceError('unknown-outcome', 'no outcome returned');
          sent.push(
            outcome instanceof ComplianceError
              ? { submission: item.submission, error: outcome }
              : { submission: item.submission, outcome },
          );
        }
      }),
    );
    return sent;
  }

  private async send(submission: SubmissionEntity, context: SubmitContext): Promise<Sent> {
    const regime = this.regimes.get(submission.regime);
    if (!regime) {
      return { submission, error: new ComplianceError('config', `${submission.regime} is not available`) };
    }
    try {
      return { submission, outcome: await regime.submit(submission.requestPayload, context) };
    } catch (error) {
      return { submission, error: ComplianceError.wrap(error) };
    }
  }

  private contextFor(submission: SubmissionEntity, documents: Documents, upstream?: Upstream): SubmitContext {
    const document = documents.get(submission.documentId);
    const instanceId = document?.connectorInstanceId ?? '';
    return {
      submissionId: submission.id,
      documentId: submission.documentId,
      connectorInstance: this.connectors.byId(instanceId)?.name ?? instanceId,
      attempt: submission.attempts,
      outcomeUnknown: submission.outcomeUnknown,
      previous: submission.identifiers,
      settings: this.settingsFor(instanceId, submission.regime),
      ...(upstream ? { upstream } : {}),
    };
  }

  /** Submissions waiting for these registrations (RegimeDescriptor.dependsOn) go on now. */
  private async wakeDependents(registered: readonly SubmissionEntity[]): Promise<void> {
    const ids = await dependentsToWake(registered, this.regimes, this.submissions);
    await this.queue.sendMany(
      JobName.SubmissionProcess,
      ids.map((submissionId) => ({ data: { submissionId }, key: submissionId })),
    );
  }

  private rejectedMove(submission: SubmissionEntity, outcome: Rejected): BatchMove {
    const used = outcome.identifiers;
    return {
      submission,
      patch: {
        ...(used
          ? {
              identifiers: { ...submission.identifiers, ...used },
              ...usedUpColumns(this.regimes.projectIdentifiers(submission.regime, used)),
            }
          : {}),
        outcomeUnknown: false,
        submittingSince: null,
        response: outcome.response,
        errorClass: 'rejected',
        errorCode: outcome.code,
        errorMessage: outcome.message,
        fieldErrors: outcome.fieldErrors?.map(inCanonicalStyle) ?? null,
      },
      audit: { actor: SYSTEM_ACTOR, action: 'rejected', reason: `${outcome.code}: ${outcome.message}` },
    };
  }

  /**
   * Transient and unknown outcomes are retried with backoff until maxAttempts; the rest give up, and the
   * ERP hears of every give-up (auth, config, validation) as it hears of a rejection.
   */
  private async failedMany(failures: readonly Sent[], documents: Documents): Promise<void> {
    if (failures.length === 0) return;
    // A wait gets no job: the operator's action (or the sweep, once the time has come) enqueues it.
    const retries: (BatchMove & { delayMs: number; waits?: boolean })[] = [];
    const giveUps: BatchMove[] = [];
    for (const { submission, error } of failures) {
      const classified = error as ComplianceError;
      const common = {
        submittingSince: null,
        outcomeUnknown: submission.outcomeUnknown || classified.errorClass === 'unknown-outcome',
        errorClass: classified.errorClass,
        errorCode: classified.options.code ?? null,
        errorMessage: classified.message,
        response: classified.options.response ?? null,
      };
      if (classified.options.waitsForOperator) {
        retries.push({
          submission,
          delayMs: OPERATOR_WAIT_RECHECK_MS,
          waits: true,
          // Waiting is not an attempt: once released, the submission has its retries left.
          patch: { ...common, attempts: Math.max(submission.attempts - 1, 0) },
          audit: { actor: SYSTEM_ACTOR, action: 'waiting-for-operator', reason: classified.message },
        });
        continue;
      }
      // Nothing reached the provider (an open circuit), so an outage does not use up attempts.
      const notSent = classified.options.notSent === true;
      if (classified.retryable && (notSent || submission.attempts < this.config.queue.maxAttempts)) {
        const delay = nextAttemptDelayMs(submission.attempts, classified.options.retryAfterMs);
        retries.push({
          submission,
          delayMs: delay,
          patch: { ...common, ...(notSent ? { attempts: Math.max(submission.attempts - 1, 0) } : {}) },
          audit: {
            actor: SYSTEM_ACTOR,
            action: 'retry-scheduled',
            reason: classified.message,
            details: { delayMs: Math.round(delay) },
          },
        });
        continue;
      }
      const reason = classified.retryable
        ? `gave up after ${submission.attempts} attempts: ${classified.message}`
        : classified.message;
      this.logger.warn(`submission ${submission.id} failed (${classified.errorClass}): ${reason}`);
      giveUps.push({
        submission,
        patch: { ...common, errorMessage: reason },
        audit: { actor: SYSTEM_ACTOR, action: 'failed', reason },
      });
    }
    const [retrying, gaveUp] = await this.dataSource.transaction(async (m) => {
      const moved = await this.transitions.moveManyIds(retries, S.Submitting, S.Retry, m);
      // When each is due again is reckoned by the database's clock, which is the one that checks it.
      await this.submissions.scheduleNextAttempts(
        retries
          .filter((r) => moved.has(r.submission.id))
          .map((r) => ({ id: r.submission.id, delayMs: r.delayMs })),
        m,
      );
      return [moved, await this.transitions.moveMany(giveUps, S.Submitting, S.Rejected, m)] as const;
    });
    await this.writeBack.writeBackNow([...gaveUp.values()], documents);
    for (const retry of retries) {
      if (retry.waits || !retrying.has(retry.submission.id)) continue;
      await this.queue.send(
        JobName.SubmissionProcess,
        { submissionId: retry.submission.id },
        { key: retry.submission.id, startAfterSeconds: retry.delayMs / 1000 },
      );
    }
  }

  /** REGISTERED -> WRITEBACK_PENDING: picks up registrations whose process died right after them. */
  private async queueWriteBacks(registered: readonly SubmissionEntity[]): Promise<void> {
    const pending = await this.transitions.moveManyIds(
      systemMoves(registered, 'writeback-queued'),
      S.Registered,
      S.WritebackPending,
    );
    await this.enqueueWriteBacks([...pending]);
  }

  private settingsFor(instanceId: string, regime: string): RegimeSettings {
    return this.connectors.byId(instanceId)?.regimeSettings[regime] ?? {};
  }

  private async enqueueWriteBacks(submissionIds: readonly string[]): Promise<void> {
    await this.queue.sendMany(
      JobName.SubmissionWriteBack,
      submissionIds.map((submissionId) => ({ data: { submissionId }, key: submissionId })),
    );
  }
}

/** The unique IRN index refused a registration (a concurrent batch stored the same IRN first). */
function isIrnConflict(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'submission_irn';
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/** What a refused document used up (a ZATCA invoice's UUID, hash, ICV): its columns, but no QR to show. */
function usedUpColumns(columns: SubmissionIdentifierColumns): SubmissionPatch {
  const { signedQr: _notShown, ...used } = columns;
  return identifierColumnsPatch(used);
}

/** Moves that change nothing but the state, recorded as the system's `action`. */
function systemMoves(submissions: readonly SubmissionEntity[], action: string): BatchMove[] {
  return submissions.map((submission) => ({ submission, patch: {}, audit: { actor: SYSTEM_ACTOR, action } }));
}
