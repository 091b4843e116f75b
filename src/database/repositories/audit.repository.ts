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

@Injectable()
export class AuditRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async append(event: AuditInput, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.insert(AuditEventEntity, {
      actor: event.actor,
      action: event.action,
      documentId: event.documentId ?? null,
      submissionId: event.submissionId ?? null,
      fromState: event.fromState ?? null,
      toState: event.toState ?? null,
      reason: event.reason ?? null,
      details: event.details ?? null,
    } as never);
  }

  async forDocument(documentId: string): Promise<AuditEventEntity[]> {
    return this.dataSource.manager.find(AuditEventEntity, { where: { documentId }, order: { id: 'ASC' } });
  }
}
