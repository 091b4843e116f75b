/** KSA (ZATCA Phase 2): onboarding, Fatoora and GSP providers, the chain, the `sa-zatca` regime, crypto. */
export * from './crypto.index';
export { InMemoryZatcaChainStore, ZATCA_INITIAL_PIH, reissueRefusal } from './chain';
export type {
  ChainSlot,
  ChainSlotOwner,
  ChainState,
  SignedInChain,
  StoredSignedInvoice,
  ZatcaChainStore,
  ZatcaRejection,
} from './chain';
export { buildEgsCsr, checkEgsCsrConfig, egsSerialNumber, generateEgsKeyPair } from './csr';
export type { EgsCsr, EgsCsrConfig, EgsKeyPair } from './csr';
export { decodeCsrInput, readEgsCsr } from './csr-reader';
export type { EgsCsrContent } from './csr-reader';
export { complianceSamples, enabledKinds } from './compliance-samples';
export type { ComplianceSample } from './compliance-samples';
export type {
  ComplianceCheckRecord,
  EgsCredentialRecord,
  EgsCredentialStore,
  EgsOnboardingState,
  StoredCsid,
} from './egs-credential-store';
export { basicAuth, FatooraClient } from './fatoora.client';
export type { FatooraClientOptions } from './fatoora.client';
export type {
  CsidCredentials,
  CsidGrant,
  CsidResponse,
  InvoiceResponse,
  InvoiceSubmission,
  ValidationMessage,
  ValidationResults,
  ZatcaInvoiceResult,
  ZatcaProvider,
} from './fatoora.types';
export { GspKsaClient } from './gsp-ksa.client';
export type { GspEnvelope, GspInvoiceStatus, GspKsaClientOptions } from './gsp-ksa.client';
export { describeErrors, ZatcaOnboardingService, reonboardInstruction } from './onboarding.service';
export type {
  EgsSigningCredentials,
  EgsSigningCredentialsSource,
  EgsUnitProfile,
  OnboardingResult,
  ZatcaOnboardingDependencies,
} from './onboarding.service';
export { zatcaInvoiceUuid, zatcaReissueUuid } from './zatca-documents';
export type { ZatcaChainFields, ZatcaXmlBuilder, ZatcaXmlSigner } from './zatca-documents';
export {
  CERTIFICATE_TEMPLATE_NAMES,
  FATOORA_BASE_URLS,
  isZatcaEnvironment,
  ZATCA_ENVIRONMENTS,
} from './zatca-environment';
export type { ZatcaEnvironment } from './zatca-environment';
export { zatcaXmlTools } from './zatca-xml-tools';
export { reportPendingInvoices, ZATCA_STATUS, ZatcaRegime } from './zatca.regime';
export type {
  PendingReport,
  PendingReportOutcome,
  ZatcaPayload,
  ZatcaRegimeDependencies,
} from './zatca.regime';
export { ZatcaProviderChoice } from './zatca-provider-choice';
export { ZATCA_DESCRIPTOR } from './zatca.descriptor';
export { ZATCA_PROVIDERS } from './zatca-providers';
