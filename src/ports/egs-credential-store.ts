/**
 * Where an EGS unit's key and CSIDs live between runs. Records come and go in clear; the store seals the
 * private key and CSID secrets at rest (SecretBox, context = egsUnitId) and opens them on the way out, so
 * sealing happens in one place, the repository. binarySecurityTokens and certificates are public. The
 * product's store is PostgresEgsCredentialStore; tests use an in-memory one that seals the same way
 * (test/support).
 */
import type { ZatcaEnvironment } from './zatca-environment';

export interface StoredCsid {
  requestId: string;
  binarySecurityToken: string;
  /** The CSID's secret (sealed at rest by the store). */
  secret: string;
  certificateBase64: string;
  issuedAt: string;
  /** Certificate notAfter, ISO; renewal is due before it. */
  expiresAt?: string;
  /**
   * When ZATCA stopped accepting this CSID (HTTP 401 on clearance or reporting: revoked, or replaced
   * elsewhere). The unit then signs nothing more until it is onboarded again with a new OTP.
   */
  refusedAt?: string;
}

export interface ComplianceCheckRecord {
  /** e.g. `standard:388`. */
  document: string;
  status: string;
  warnings: string[];
}

export type EgsOnboardingState = 'COMPLIANCE_CSID' | 'COMPLIANCE_CHECKED' | 'ACTIVE';

export interface EgsCredentialRecord {
  egsUnitId: string;
  environment: ZatcaEnvironment;
  vatNumber: string;
  /** The CSR's invoice-type flags, e.g. `1100`. */
  invoiceType: string;
  state: EgsOnboardingState;
  /** PEM (sealed at rest by the store). */
  privateKeyPem: string;
  csrBase64: string;
  compliance?: StoredCsid;
  production?: StoredCsid;
  complianceChecks: ComplianceCheckRecord[];
  updatedAt: string;
}

export interface EgsCredentialStore {
  get(egsUnitId: string): Promise<EgsCredentialRecord | undefined>;
  /** Insert or replace the unit's record (one row per EGS unit). */
  save(record: EgsCredentialRecord): Promise<void>;
}
