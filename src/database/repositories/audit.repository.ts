import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditEventEntity } from '../entities';

export interface AuditInput {
  actor: string;
  action: string;
  documentId?: string | null;
  submissionId?: string | null;
  fromState?: string | null;
  toState?: string | null;
  reason?: string | null;
  details?: Record<string, unknown> | null;
}

/** Rows per INSERT: well under PostgreSQL's 65535 bind parameters. */
const INSERT_CHUNK = 1000;

@Injectable()
export class AuditRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  append(event: AuditInput, manager: EntityManager = this.dataSource.manager): Promise<void> {
    return this.appendMany([event], manager);
  }

  /**
   * One INSERT for the lot, its rows read from a single JSON parameter (TypeORM's multi-row insert
   * builder cost more CPU than the database did); the events get ids in array order.
   */
  async appendMany(events: AuditInput[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (events.length === 0) return;
    for (let start = 0; start < events.length; start += INSERT_CHUNK) {
      await manager.query(
        `INSERT INTO audit_event (actor, action, document_id, submission_id, from_state, to_state, reason, details)
         SELECT actor, action, document_id, submission_id, from_state, to_state, reason,
           NULLIF(details, 'null'::jsonb)
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (actor text, action text, document_id uuid,
           submission_id uuid, from_state text, to_state text, reason text, details jsonb))
           WITH ORDINALITY AS e(actor, action, document_id, submission_id, from_state, to_state, reason,
             details, position)
         ORDER BY position`,
        [JSON.stringify(events.slice(start, start + INSERT_CHUNK).map(toColumns))],
      );
    }
  }

  async forDocument(documentId: string): Promise<AuditEventEntity[]> {
    return this.dataSource.manager.find(AuditEventEntity, { where: { documentId }, order: { id: 'ASC' } });
  }

  /** Events of `action` whose details name `detailKey` = `value`, oldest first. */
  withDetail(action: string, detailKey: string, value: string): Promise<AuditEventEntity[]> {
    return this.dataSource.manager
      .createQueryBuilder(AuditEventEntity, 'e')
      .where('e.action = :action', { action })
      .andWhere(`e.details->>:detailKey = :value`, { detailKey, value })
      .orderBy('e.id', 'ASC')
      .getMany();
  }

  /** Whether an event of `action` with details `detailKey` = `value` was recorded. */
  async hasDetail(action: string, detailKey: string, value: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM audit_event WHERE action = $1 AND details->>$2 = $3 LIMIT 1`,
      [action, detailKey, value],
    );
    return rows.length > 0;
  }
}

function toColumns(event: AuditInput): Record<string, unknown> {
  return {
    actor: event.actor,
    action: event.action,
    document_id: event.documentId ?? null,
    submission_id: event.submissionId ?? null,
    from_state: event.fromState ?? null,
    to_state: event.toState ?? null,
    reason: event.reason ?? null,
    details: event.details ?? null,
  };
}
