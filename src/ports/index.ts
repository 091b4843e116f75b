/**
 * The public face of ports/: what compliance/ asks of storage and shared infrastructure, as interfaces
 * and their vocabulary. database/ implements them knowing ports/, never compliance/; compliance/ uses
 * them and re-exports them from where they were first declared.
 */
export { ChainSlotRefused, type ChainSlotRefusal } from './chain-slot-refused';
export type {
  ComplianceCheckRecord,
  EgsCredentialRecord,
  EgsCredentialStore,
  EgsOnboardingState,
  StoredCsid,
} from './egs-credential-store';
export type { HeldSubmissions } from './held-submissions';
export { NO_CLIENT_PACING, type ClientRateLimit, type RateLimiter } from './rate-limiter';
export type { StoredToken, TokenStore } from './token-store';
export {
  reissueRefusal,
  ZATCA_INITIAL_PIH,
  type ChainSlot,
  type ChainSlotOwner,
  type ChainState,
  type SignedInChain,
  type StoredSignedInvoice,
  type ZatcaChainStore,
  type ZatcaRejection,
} from './zatca-chain-store';
export { isZatcaEnvironment, ZATCA_ENVIRONMENTS, type ZatcaEnvironment } from './zatca-environment';
export type {
  DueReport,
  ReportAnswer,
  ReportAuditEvent,
  ReportStatusChange,
  SignedInvoiceRef,
  ZatcaReportingStore,
} from './zatca-reporting-store';
export { ZATCA_STATUS } from './zatca-status';
