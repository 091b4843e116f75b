/**
 * Every submission state change goes through here: a compare-and-set on the state plus an audit event,
 * in one transaction. A step that lost the race (another process moved the submission first) gets null
 * and does nothing.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { SubmissionEntity } from '../database/entities';
import {
  AuditRepository,
  type AuditInput,
  SubmissionRepository,
  type SubmissionMove,
  type SubmissionPatch,
} from '../database/repositories';
import { canTransition, type SubmissionState } from '../domain';
import { SYSTEM_ACTOR } from '../compliance';

export interface TransitionAudit {
  actor: string;
  action: string;
  reason?: string;
  details?: Record<string, unknown>;
}

export { SYSTEM_ACTOR };

/** A further step a batch move takes in the same statement; without an action it is not audited. */
export interface OnwardStep {
  to: SubmissionState;
  action?: string;
}

/** One submission's move in a batch; the batch shares the source state(s) and the target. */
export interface BatchMove {
  submission: Pick<SubmissionEntity, 'id' | 'documentId'>;
  patch: SubmissionPatch;
  audit: TransitionAudit;
}

@Injectable()
export class StateTransitionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly submissions: SubmissionRepository,
    private readonly audit: AuditRepository,
  ) {}

  async move(
    submission: Pick<SubmissionEntity, 'id' | 'documentId'>,
    from: readonly SubmissionState[],
    to: SubmissionState,
    patch: SubmissionPatch,
    audit: TransitionAudit,
    manager?: EntityManager,
  ): Promise<SubmissionEntity | null> {
    const legalFrom = from.filter((state) => canTransition(state, to));
    if (legalFrom.length === 0) throw new Error(`no legal transition from ${from.join('/')} to ${to}`);
    const run = async (m: EntityManager): Promise<SubmissionEntity | null> => {
      // With one legal source state a successful compare-and-set proves what the state was.
      const fromState =
        legalFrom.length === 1
          ? legalFrom[0]
          : ((await this.submissions.findById(submission.id, m))?.state ?? null);
      const moved = await this.submissions.transition(submission.id, legalFrom, to, patch, m);
      if (!moved) return null;
      await this.audit.append(
        {
          actor: audit.actor,
          action: audit.action,
          documentId: submission.documentId,
          submissionId: submission.id,
          fromState,
          toState: to,
          reason: audit.reason ?? null,
          details: audit.details ?? null,
        },
        m,
      );
      return moved;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }

  /**
   * Many compare-and-sets from `from` to `to` and their audit events, in one transaction (or the
   * caller's). The audit's from-state is the state each submission was read in, which the
   * compare-and-set proves when that state is the one `from` names. With `onward`, the submissions
   * carry on through those further legal steps in the same statement (a row version per batch, not per
   * step), each step audited under its action. Returns the moved rows by id.
   */
  async moveMany(
    moves: readonly BatchMove[],
    from: SubmissionState,
    to: SubmissionState,
    manager?: EntityManager,
    onward: readonly OnwardStep[] = [],
  ): Promise<Map<string, SubmissionEntity>> {
    const none = new Map<string, SubmissionEntity>();
    return this.moveBatch(moves, from, to, manager, onward, none, async (rows, target, m) => {
      const list = await this.submissions.transitionMany(rows, [from], target, m);
      return new Map(list.map((row) => [row.id, row]));
    });
  }

  /** The same moves, for callers that only need to know which submissions moved (no rows read back). */
  async moveManyIds(
    moves: readonly BatchMove[],
    from: SubmissionState,
    to: SubmissionState,
    manager?: EntityManager,
  ): Promise<ReadonlySet<string>> {
    return this.moveBatch(moves, from, to, manager, [], new Set<string>(), (rows, target, m) =>
      this.submissions.transitionManyIds(rows, [from], target, m),
    );
  }

  private async moveBatch<Moved extends { has(id: string): boolean }>(
    moves: readonly BatchMove[],
    from: SubmissionState,
    to: SubmissionState,
    manager: EntityManager | undefined,
    onward: readonly OnwardStep[],
    none: Moved,
    transition: (rows: SubmissionMove[], target: SubmissionState, m: EntityManager) => Promise<Moved>,
  ): Promise<Moved> {
    let previous = from;
    for (const step of [{ to }, ...onward]) {
      if (!canTransition(previous, step.to))
        throw new Error(`no legal transition from ${previous} to ${step.to}`);
      previous = step.to;
    }
    if (moves.length === 0) return none;
    const target = previous;
    const run = async (m: EntityManager): Promise<Moved> => {
      const moved = await transition(
        moves.map((move) => ({ id: move.submission.id, patch: move.patch })),
        target,
        m,
      );
      const events: AuditInput[] = [];
      for (const move of moves) {
        if (!moved.has(move.submission.id)) continue;
        const subject = { documentId: move.submission.documentId, submissionId: move.submission.id };
        events.push({
          ...subject,
          actor: move.audit.actor,
          action: move.audit.action,
          fromState: from,
          toState: to,
          reason: move.audit.reason ?? null,
          details: move.audit.details ?? null,
        });
        let stepFrom = to;
        for (const step of onward) {
          if (step.action) {
            events.push({
              ...subject,
              actor: SYSTEM_ACTOR,
              action: step.action,
              fromState: stepFrom,
              toState: step.to,
            });
          }
          stepFrom = step.to;
        }
      }
      await this.audit.appendMany(events, m);
      return moved;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }
}
