/** The public face of compliance/: what the other parts of src/ import from it. */
export { fieldErrorsOf, parseOperationRequest } from './operation-request';
export type {
  CancelCandidate,
  CancelPolicy,
  IdentifierField,
  RegimeDescriptor,
  RegimeJob,
} from './regime-descriptor';
export type { RegimeJobPorts, RegimePort } from './regime-job';
export type {
  AnyRegimeOperation,
  OperationDone,
  OperationRun,
  OperationTarget,
  OperationUpdate,
  RegimeJobContext,
  RegimeJobContexts,
  RegisteredSubmission,
} from './regime-operation';
export { REGIME_JOB_CONTEXT } from './regime-operation';
export { RegimeRegistry } from './regime-registry';
export { regimeSettingsOf } from './regime-settings-of';
export type {
  ComplianceRegime,
  InstanceRegimes,
  RegimeSettings,
  Registered,
  Rejected,
  SubmitContext,
  SubmitOutcome,
} from './regime';
export { COMPLIANCE_REGIMES, ComplianceError } from './regime';
export type {
  HeldSubmissions,
  PipelineAudit,
  PipelineDocument,
  PipelineSubmission,
  Reregistration,
  SubmissionPipeline,
} from './submission-pipeline-port';
export { SUBMISSION_PIPELINE, SYSTEM_ACTOR } from './submission-pipeline-port';
export { NIC_PROVIDERS } from './provider-registry';
export { ProviderRegistry } from './provider-registry';
export { nicCatalogAlias } from './provider-registry';
export type { NicProviderChoice, ProviderChoice } from './provider-registry';
export { configProblems } from './config-problems';
export type { CancelRequest } from './regime';
export type { OperationRefusal } from './regime-operation';
export type { RegimeOperation } from './regime-operation';
export type { RegimeJobLog } from './regime-job';
export { regimePort } from './regime-job';
export * from './nic-gateway';
export type { RegimeDefaults, RegimeInjectionToken, RegimePlugin, RegimeWiring } from './regime-plugin';
export { buildRegimes, injectedResolver, regimeInjections } from './regime-plugin';
export type { SignedDocument, SignedDocuments } from './signed-documents';
export { SIGNED_DOCUMENTS } from './signed-documents';
export {
  amountText,
  decimalText,
  fact,
  type PrintableInvoice,
  type PrintColumn,
  type PrintFact,
  type PrintLabel,
  type PrintParty,
} from './printable';
export type { DevelopmentInstance, RegimeDevelopment, SandboxFacts } from './regime-development';
