export * from './audit.repository';
export * from './connector-instance.repository';
export * from './connector-state.repository';
export * from './document.repository';
export * from './submission.repository';
export * from './webhook-receipt.repository';
export * from './pushed-purchase.repository';
export * from './gsp-session.repository';
export * from './metrics.repository';
export * from './dashboard.repository';
export { ProviderRateLimiter } from './provider-rate-limiter';
export type {
  Gstr2bRow,
  MatchRow,
  PurchaseRow,
  ReportRow,
  StoredGstr2b,
  StoredPurchase,
  PurchaseElsewhere,
  CarriedDecision,
} from './reconciliation.repository';
export { ReconciliationRepository } from './reconciliation.repository';
export { Gstr2bImportRepository } from './gstr2b-import.repository';
export { RecoReportRepository } from './reco-report.repository';
export { RecoPeriodRepository, type RecoPeriod } from './reco-period.repository';
export type { CategoryTotal, ReportCursor, ReportPageQuery, SupplierTotal } from './reco-report.repository';
export type { StagedGstr2bRow } from './gstr2b-import.repository';
