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

  async append(event: AuditInput, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.insert(AuditEventEntity, toRow(event));
  }

  /** One multi-row INSERT; the events get ids in array order. */
  async appendMany(events: AuditInput[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (events.length === 0) return;
    for (let start = 0; start < events.length; start += INSERT_CHUNK) {
      await manager.insert(AuditEventEntity, events.slice(start, start + INSERT_CHUNK).map(toRow));
    }
  }

  async forDocument(documentId: string): Promise<AuditEventEntity[]> {
    return this.dataSource.manager.find(AuditEventEntity, { where: { documentId }, order: { id: 'ASC' } });
  }
}

function toRow(event: AuditInput): Record<string, unknown> {
  return {
    actor: event.actor,
    action: event.action,
    documentId: event.documentId ?? null,
    submissionId: event.submissionId ?? null,
    fromState: event.fromState ?? null,
    toState: event.toState ?? null,
    reason: event.reason ?? null,
    details: event.details ?? null,
  };
}
