/**
 * The safety net behind "jobs are nudges": releases submissions whose worker died mid-send (their
 * outcome is unknown, so the next attempt looks them up first) and re-enqueues any actionable
 * submission. Keys on the jobs make re-enqueueing something already queued a no-op, and a submission a
 * batch job holds is left to that job.
 */
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config';
import { AuditRepository, SubmissionRepository } from '../database/repositories';
import { SubmissionState } from '../domain';
import { JobName, QueueService } from '../queue';
import { SYSTEM_ACTOR } from './state-transitions.service';

@Injectable()
export class SweepService {
  private readonly logger = new Logger('Sweep');

  constructor(
    private readonly config: AppConfig,
    private readonly submissions: SubmissionRepository,
    private readonly audit: AuditRepository,
    private readonly queue: QueueService,
  ) {}

  async sweep(): Promise<{ released: number; offered: number }> {
    const { submittingLeaseSeconds, staleJobSeconds } = this.config.queue;
    const released = await this.submissions.releaseStale(submittingLeaseSeconds);
    // Their jobs are still `active` under the dead worker's name and would block the retry (stately).
    if (released.length > 0) {
      await this.queue.failStale(
        JobName.SubmissionProcess,
        submittingLeaseSeconds,
        released.map((s) => s.id),
      );
    }
    await this.queue.failStale(JobName.SubmissionWriteBack, staleJobSeconds);
    await this.queue.failStale(JobName.ConnectorPull, staleJobSeconds);
    for (const submission of released) {
      this.logger.warn(
        `submission ${submission.id} was left SUBMITTING; outcome unknown, will look up before resending`,
      );
      await this.audit.append({
        actor: SYSTEM_ACTOR,
        action: 'stale-submitting-released',
        documentId: submission.documentId,
        submissionId: submission.id,
        fromState: SubmissionState.Submitting,
        toState: SubmissionState.Retry,
      });
    }
    const actionable = await this.submissions.findActionable(1000);
    // One INSERT per queue: a sweep during a busy run finds hundreds of submissions whose job is already
    // waiting, and pg-boss skips those by their key (it does not say which it skipped).
    const job = (id: string) => ({ data: { submissionId: id }, key: id });
    const writeBacks = actionable.filter(({ state }) => state === SubmissionState.WritebackPending);
    // A pull or webhook batch job still holds most of what waits in a busy run: those are its to move.
    const inBatches = await this.queue.submissionsInQueuedBatches();
    const submissions = actionable.filter(
      ({ id, state }) => state !== SubmissionState.WritebackPending && !inBatches.has(id),
    );
    await this.queue.sendMany(
      JobName.SubmissionWriteBack,
      writeBacks.map(({ id }) => job(id)),
    );
    await this.queue.sendMany(
      JobName.SubmissionProcess,
      submissions.map(({ id }) => job(id)),
    );
    return { released: released.length, offered: actionable.length };
  }
}
