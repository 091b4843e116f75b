/**
 * Every submission state change goes through here: a compare-and-set on the state plus an audit event,
 * in one transaction. A step that lost the race (another process moved the submission first) gets null
 * and does nothing.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { SubmissionEntity } from '../database/entities';
import { AuditRepository } from '../database/repositories/audit.repository';
import { SubmissionRepository, type SubmissionPatch } from '../database/repositories/submission.repository';
import { canTransition, type SubmissionState } from '../domain/submission-state';

export interface TransitionAudit {
  actor: string;
  action: string;
  reason?: string;
  details?: Record<string, unknown>;
}

export const SYSTEM_ACTOR = 'system';

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
   * compare-and-set proves when that state is the one `from` names. Returns the moved rows by id.
   */
  async moveMany(
    moves: readonly BatchMove[],
    from: SubmissionState,
    to: SubmissionState,
    manager?: EntityManager,
  ): Promise<Map<string, SubmissionEntity>> {
    if (!canTransition(from, to)) throw new Error(`no legal transition from ${from} to ${to}`);
    if (moves.length === 0) return new Map();
    const run = async (m: EntityManager): Promise<Map<string, SubmissionEntity>> => {
      const moved = await this.submissions.transitionMany(
        moves.map((move) => ({ id: move.submission.id, patch: move.patch })),
        [from],
        to,
        m,
      );
      const byId = new Map(moved.map((row) => [row.id, row]));
      await this.audit.appendMany(
        moves
          .filter((move) => byId.has(move.submission.id))
          .map((move) => ({
            actor: move.audit.actor,
            action: move.audit.action,
            documentId: move.submission.documentId,
            submissionId: move.submission.id,
            fromState: from,
            toState: to,
            reason: move.audit.reason ?? null,
            details: move.audit.details ?? null,
          })),
        m,
      );
      return byId;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }
}
