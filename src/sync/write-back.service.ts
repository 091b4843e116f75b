/**
 * Writes an outcome back to the ERP through the document's connector. For registered documents this
 * is the WRITEBACK_PENDING -> WRITTEN_BACK step (retried with backoff by the queue, WRITEBACK_FAILED
 * when the retries run out or the failure is not transient). For MAPPING_FAILED and REJECTED it tells
 * the ERP what went wrong, without changing the submission's state.
 */
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config';
import { ConnectorError, type ErpConnector } from '../connectors';
import {
  type WriteBackOutcome,
  isSubmissionErrorClass,
  isWriteBackErrorClass,
  writeBackErrorClass,
  SubmissionState,
} from '../domain';
import type { DocumentEntity, SubmissionEntity } from '../database/entities';
import { AuditRepository, DocumentRepository, SubmissionRepository } from '../database/repositories';
import { JobName, type JobContext, QueueService, RETRY_DELAY_SECONDS } from '../queue';
import { ConnectorRuntimeService } from './connector-runtime.service';
import { SYSTEM_ACTOR, StateTransitionsService } from './state-transitions.service';
import { holdLease } from './submitting-lease';

const S = SubmissionState;
/** A write-back to make: the item's position, what is written, and through which connector. */
interface DueWrite {
  index: number;
  submission: SubmissionEntity;
  job: JobContext;
  pending: boolean;
  connector: ErpConnector;
  document: DocumentEntity;
}

const NOTIFY_ONLY: SubmissionState[] = [S.MappingFailed, S.Rejected, S.Cancelled];

/** What a notify-only write-back told the ERP, as its audit names it: an error, or a cancellation. */
function notification(submission: SubmissionEntity): 'error' | 'cancellation' {
  return submission.state === S.Cancelled ? 'cancellation' : 'error';
}

@Injectable()
export class WriteBackService {
  private readonly logger = new Logger('WriteBack');

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly connectors: ConnectorRuntimeService,
    private readonly transitions: StateTransitionsService,
    private readonly audit: AuditRepository,
    private readonly queue: QueueService,
  ) {}

  /**
   * Writes a batch of outcomes back, each through its document's connector and all at once (a CSV
   * connector folds the rows of one result file into one rewrite), then records the WRITTEN_BACK moves
   * in one transaction. Returns, by position, the error of each item the queue should retry.
   */
  async writeBackMany(items: readonly { submissionId: string; job: JobContext }[]): Promise<unknown[]> {
    const submissions = new Map(
      (await this.submissions.findLightByIds(items.map((item) => item.submissionId))).map((s) => [s.id, s]),
    );
    const documents = new Map(
      (await this.documents.findByIds([...submissions.values()].map((s) => s.documentId))).map((d) => [
        d.id,
        d,
      ]),
    );
    return this.writeBackAll(
      items.map(({ submissionId, job }) => ({ submission: submissions.get(submissionId), job })),
      documents,
    );
  }

  /**
   * Writes back outcomes the caller has just recorded (with their documents, by id) at once, in this
   * process: the first of the 1 + writeBackRetries attempts, with no queue round trip on the way. What
   * failed retryably goes to the write-back queue for the remaining attempts, as does everything should
   * this attempt itself go wrong; the sweep re-enqueues it should this process die.
   */
  async writeBackNow(
    submissions: readonly SubmissionEntity[],
    documents: ReadonlyMap<string, DocumentEntity>,
  ): Promise<void> {
    if (submissions.length === 0) return;
    const { writeBackRetries } = this.config.queue;
    let errors: unknown[];
    try {
      errors = await this.writeBackAll(
        submissions.map((submission) => ({
          submission,
          job: { retryCount: 0, retryLimit: writeBackRetries },
        })),
        documents,
      );
    } catch (error) {
      this.logger.warn(`write-back after submitting failed, queued instead: ${(error as Error).message}`);
      await this.enqueue(submissions, {});
      return;
    }
    await this.enqueue(
      submissions.filter((_, i) => errors[i] !== undefined),
      {
        startAfterSeconds: RETRY_DELAY_SECONDS,
        retryLimit: Math.max(writeBackRetries - 1, 0),
      },
    );
  }

  private enqueue(
    submissions: readonly SubmissionEntity[],
    options: { startAfterSeconds?: number; retryLimit?: number },
  ): Promise<void> {
    return this.queue.sendMany(
      JobName.SubmissionWriteBack,
      submissions.map((submission) => ({ data: { submissionId: submission.id }, key: submission.id })),
      options,
    );
  }

  private async writeBackAll(
    items: readonly { submission: SubmissionEntity | undefined; job: JobContext }[],
    documents: ReadonlyMap<string, DocumentEntity>,
  ): Promise<unknown[]> {
    const due: DueWrite[] = [];
    for (const [index, { submission, job }] of items.entries()) {
      if (!submission) continue;
      const pending = submission.state === S.WritebackPending;
      if (!pending && !NOTIFY_ONLY.includes(submission.state)) continue;
      const document = documents.get(submission.documentId);
      const live = document ? this.connectors.byId(document.connectorInstanceId) : undefined;
      if (!document || !live) continue;
      due.push({ index, submission, job, pending, connector: live.connector, document });
    }
    // A WRITEBACK_PENDING outcome is written by whoever claims it: the in-process write-back after
    // registration and a job the sweep enqueued meanwhile would otherwise both call the ERP.
    const claimed = await this.submissions.claimWriteBacks(
      due.filter((write) => write.pending).map((write) => write.submission.id),
      this.config.queue.writeBackLeaseSeconds,
    );
    const mine = due.filter((write) => !write.pending || claimed.has(write.submission.id));
    // The claim is short (a dead writer's lapses soon) and renewed while the ERP call runs, however long.
    const stopRenewing = holdLease([...claimed], {
      renew: (ids) => this.submissions.renewWriteBackClaims(ids, this.config.queue.writeBackLeaseSeconds),
      leaseSeconds: this.config.queue.writeBackLeaseSeconds,
      logger: this.logger,
      name: 'write-back claim',
    });
    // Moving to WRITTEN_BACK gives the claim back in the same UPDATE; the rest are given back here.
    let writtenBack: ReadonlySet<string> = new Set();
    try {
      const outcome = await this.writeClaimed(items, mine);
      writtenBack = outcome.writtenBack;
      return outcome.errors;
    } finally {
      stopRenewing();
      await this.submissions.releaseWriteBacks([...claimed].filter((id) => !writtenBack.has(id)));
    }
  }

  /**
   * Writes `due` through the connectors and records what came of each: the error of each item to retry
   * (by position), and the submissions moved to WRITTEN_BACK.
   */
  private async writeClaimed(
    items: readonly unknown[],
    due: readonly DueWrite[],
  ): Promise<{ errors: unknown[]; writtenBack: ReadonlySet<string> }> {
    const thrown = await this.writeThroughConnectors(due);
    const written: SubmissionEntity[] = [];
    const notified: SubmissionEntity[] = [];
    const errors: unknown[] = items.map(() => undefined);
    await Promise.all(
      due.map(async (write, i) => {
        const error = thrown[i];
        if (error === undefined) {
          (write.pending ? written : notified).push(write.submission);
          return;
        }
        await this.failed(write.submission, error, write.job, write.pending).catch((retry: unknown) => {
          errors[write.index] = retry;
        });
      }),
    );
    const writtenBack = await this.dataSource.transaction(async (m) => {
      const moved = await this.transitions.moveManyIds(
        written.map((submission) => ({
          submission,
          // Only a write-back error is cleared; an authority's (ZATCA NOT_REPORTED) stays visible.
          patch: isWriteBackErrorClass(submission.errorClass) ? { errorClass: null, errorMessage: null } : {},
          audit: { actor: SYSTEM_ACTOR, action: 'written-back' },
        })),
        S.WritebackPending,
        S.WrittenBack,
        m,
      );
      await this.audit.appendMany(
        notified.map((submission) => ({
          actor: SYSTEM_ACTOR,
          action: `${notification(submission)}-written-back`,
          documentId: submission.documentId,
          submissionId: submission.id,
        })),
        m,
      );
      return moved;
    });
    return { errors, writtenBack };
  }

  /** What each write threw (by position), one writeBackMany per connector where it has one. */
  private async writeThroughConnectors(due: readonly DueWrite[]): Promise<unknown[]> {
    const thrown: unknown[] = due.map(() => undefined);
    const byConnector = new Map<ErpConnector, number[]>();
    for (const [i, write] of due.entries()) {
      const positions = byConnector.get(write.connector);
      if (positions) positions.push(i);
      else byConnector.set(write.connector, [i]);
    }
    await Promise.all(
      [...byConnector].map(async ([connector, positions]) => {
        const items = positions.map((i) => ({
          document: this.writeBackDocument(due[i].document),
          outcome: this.outcomeOf(due[i].submission),
        }));
        if (connector.writeBackMany && items.length > 1) {
          const results = await connector
            .writeBackMany(items)
            .catch((error: unknown) => items.map(() => error));
          positions.forEach((position, k) => (thrown[position] = results[k]));
          return;
        }
        await Promise.all(
          positions.map((position, k) =>
            connector.writeBack(items[k].document, items[k].outcome).catch((error: unknown) => {
              thrown[position] = error ?? new Error('write-back failed');
            }),
          ),
        );
      }),
    );
    return thrown;
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
    if (classified.retryable && (await this.withinOutageWindow(submission))) {
      const { writeBackMaxDelaySeconds } = this.config.queue;
      this.logger.warn(
        `write-back of ${submission.id} still failing, next try in ${writeBackMaxDelaySeconds} s: ${classified.message}`,
      );
      // A new job for the same key (this one completes): the queue keeps at most one waiting per key.
      await this.enqueue([submission], {
        startAfterSeconds: writeBackMaxDelaySeconds,
        retryLimit: 0,
      });
      return;
    }
    if (!pending) {
      await this.audit.append({
        actor: SYSTEM_ACTOR,
        action: `${notification(submission)}-writeback-failed`,
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
      { errorClass: writeBackErrorClass(classified.errorClass), errorMessage: classified.message },
      { actor: SYSTEM_ACTOR, action: 'writeback-failed', reason: classified.message },
    );
  }

  /** Whether a transient write-back failure is still young enough to keep trying (see the queue config). */
  private withinOutageWindow(submission: SubmissionEntity): Promise<boolean> {
    // updated_at: when the outcome being written back was recorded (a failed try does not touch the row).
    return this.submissions.updatedWithin(submission.id, this.config.queue.writeBackGiveUpAfterSeconds);
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
      regime: submission.regime,
      state: registered ? S.Registered : submission.state,
      // A refused document carries no identifiers: the locally computed IRN was never registered.
      identifiers: registered || cancelled ? submission.identifiers : {},
      error:
        registered || cancelled
          ? undefined
          : {
              errorClass: isSubmissionErrorClass(submission.errorClass) ? submission.errorClass : 'unknown',
              code: submission.errorCode ?? undefined,
              message: submission.errorMessage ?? '',
              fieldErrors: submission.fieldErrors ?? undefined,
            },
    };
  }
}
