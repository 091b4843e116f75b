import { AuditEventEntity } from './audit-event.entity';
import { ConnectorInstanceEntity } from './connector-instance.entity';
import { DocumentEntity } from './document.entity';
import { GspSessionEntity } from './gsp-session.entity';
import { SubmissionEntity } from './submission.entity';
import { WebhookReceiptEntity } from './webhook-receipt.entity';

export {
  AuditEventEntity,
  ConnectorInstanceEntity,
  DocumentEntity,
  GspSessionEntity,
  SubmissionEntity,
  WebhookReceiptEntity,
};

export const ENTITIES = [
  ConnectorInstanceEntity,
  DocumentEntity,
  SubmissionEntity,
  AuditEventEntity,
  GspSessionEntity,
  WebhookReceiptEntity,
];
