import { AuditEventEntity } from './audit-event.entity';
import { ConnectorInstanceEntity } from './connector-instance.entity';
import { DocumentEntity } from './document.entity';
import { GspSessionEntity } from './gsp-session.entity';
import { SubmissionEntity } from './submission.entity';
import { WebhookReceiptEntity } from './webhook-receipt.entity';
import { EgsUnitEntity } from './egs-unit.entity';
import { ZatcaChainEntity } from './zatca-chain.entity';
import { ZatcaSignedInvoiceEntity } from './zatca-signed-invoice.entity';
import { Gstr2bDocumentEntity } from './gstr2b-document.entity';
import { PurchaseRecordEntity } from './purchase-record.entity';
import { RecoMatchEntity } from './reco-match.entity';
import { RecoRunEntity } from './reco-run.entity';

export {
  AuditEventEntity,
  ConnectorInstanceEntity,
  DocumentEntity,
  GspSessionEntity,
  SubmissionEntity,
  WebhookReceiptEntity,
  EgsUnitEntity,
  ZatcaChainEntity,
  ZatcaSignedInvoiceEntity,
  Gstr2bDocumentEntity,
  PurchaseRecordEntity,
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
  EgsUnitEntity,
  ZatcaChainEntity,
  ZatcaSignedInvoiceEntity,
  PurchaseRecordEntity,
  Gstr2bDocumentEntity,
  RecoRunEntity,
  RecoMatchEntity,
];
