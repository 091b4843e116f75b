import { AuditEventEntity } from './audit-event.entity';
import { ConnectorInstanceEntity } from './connector-instance.entity';
import { DocumentEntity } from './document.entity';
import { GspSessionEntity } from './gsp-session.entity';
import { SubmissionEntity } from './submission.entity';
import { WebhookReceiptEntity } from './webhook-receipt.entity';
import { Gstr2bDocumentEntity } from './gstr2b-document.entity';
import { PurchaseRecordEntity } from './purchase-record.entity';
import { PushedPurchaseEntity } from './pushed-purchase.entity';
import { RecoMatchEntity } from './reco-match.entity';
import { RecoRunEntity } from './reco-run.entity';

export {
  AuditEventEntity,
  ConnectorInstanceEntity,
  DocumentEntity,
  GspSessionEntity,
  SubmissionEntity,
  WebhookReceiptEntity,
  Gstr2bDocumentEntity,
  PurchaseRecordEntity,
  PushedPurchaseEntity,
  RecoMatchEntity,
  RecoRunEntity,
};

export const ENTITIES = [
  ConnectorInstanceEntity,
  DocumentEntity,
  SubmissionEntity,
  AuditEventEntity,
  GspSessionEntity,
  WebhookReceiptEntity,
  PurchaseRecordEntity,
  Gstr2bDocumentEntity,
  RecoRunEntity,
  RecoMatchEntity,
  PushedPurchaseEntity,
];
