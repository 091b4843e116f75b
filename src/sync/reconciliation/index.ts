export { ReconciliationService } from './reconciliation.service';
export type { RunOutcome, RunSummary } from './reconciliation.service';
export { ReconciliationActionsService } from './reconciliation-actions.service';
export type { BulkAction, OperatorNote } from './reconciliation-actions.service';
export { ReconciliationReportService } from './reconciliation-report.service';
export { ReconciliationSchedulerService } from './reconciliation-scheduler.service';
export { ReturnGatewaysService } from './return-gateways.service';
export { isGstr2bDue, periodRange, previousPeriod } from './return-period';
export { RECONCILIATION_PROVIDERS } from './reconciliation.providers';
