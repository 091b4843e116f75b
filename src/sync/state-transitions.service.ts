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
}
