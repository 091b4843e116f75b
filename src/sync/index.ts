/** The public face of sync/: what the other parts of src/ import from it. */
export { CancellationService } from './cancellation.service';
export { CONNECTOR_FACTORIES } from './connector-registry';
export type { LiveConnector } from './connector-runtime.service';
export { ConnectorRuntimeService, type ConnectorSummary } from './connector-runtime.service';
export { DashboardService } from './dashboard.service';
export { HealthMonitor, type CheckResult } from './health-monitor.service';
export { IngestService } from './ingest.service';
export { IntakeValidationService } from './intake-validation.service';
export type { OperatorAction } from './operator.service';
export { OperatorService } from './operator.service';
export { PullService } from './pull.service';
export {
  checkRegimeConfiguration,
  regimeConfigurationProblems,
  VALIDATED_REGIME_SETTINGS,
  type ValidatedRegimeSettings,
} from './regime-configuration-check';
export { RegimeJobContextService } from './regime-job-context.service';
export {
  PIPELINE_PORT_PROVIDERS,
  regimeJobProblems,
  RegimeJobs,
  regimeQueues,
  unboundPortProblems,
} from './regime-jobs';
export { RegimeOperationsService } from './regime-operations.service';
export { SchedulerService } from './scheduler.service';
export { StateTransitionsService } from './state-transitions.service';
export { SubmissionProcessorService } from './submission-processor.service';
export { type SubmissionRecord, SubmissionRecordsService } from './submission-records.service';
export { SweepService } from './sweep.service';
export { WebhookIntakeService } from './webhook-intake.service';
export { PurchaseIntakeService, type PurchaseIntakeAnswer } from './purchase-intake.service';
export { WorkersService } from './workers.service';
export { WriteBackService } from './write-back.service';
export { registeredMove } from './registered-move';
export { SYSTEM_ACTOR } from './state-transitions.service';
export { ComplianceHttpLog } from './compliance-http-log';
export {
  REGIME_PRINTABLES,
  type RegimePrintable,
  type RegimePrintables,
  regimePrintableProviders,
} from './regime-printable';
