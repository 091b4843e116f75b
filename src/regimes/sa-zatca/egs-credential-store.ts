/** The EGS credential port is in ports/ (database/ implements it: PostgresEgsCredentialStore). */
export type {
  ComplianceCheckRecord,
  EgsCredentialRecord,
  EgsCredentialStore,
  EgsOnboardingState,
  StoredCsid,
} from '../../ports';
