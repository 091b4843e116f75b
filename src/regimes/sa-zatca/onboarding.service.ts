/**
 * Onboarding of one EGS unit with ZATCA, and renewal of its production CSID:
 * key pair + CSR -> compliance CSID (OTP) -> one compliance check per enabled document kind (built,
 * signed with the compliance certificate, chained from the initial PIH) -> production CSID.
 * Keys and secrets go to the credential store, which seals them at rest; nothing secret is logged or put in
 * an error.
 */
import { randomUUID } from 'node:crypto';
import type { Party } from '../../domain';
import { ComplianceError } from '../../compliance';
import { ZATCA_INITIAL_PIH } from './chain';
import { complianceSamples } from './compliance-samples';
import { buildEgsCsr, generateEgsKeyPair, type EgsCsrConfig } from './csr';
import type {
  ComplianceCheckRecord,
  EgsCredentialRecord,
  EgsCredentialStore,
  StoredCsid,
} from './egs-credential-store';
import type { CsidCredentials, CsidGrant, ZatcaInvoiceResult, ZatcaProvider } from './fatoora.types';
import type { ZatcaXmlBuilder, ZatcaXmlSigner } from './zatca-documents';
import { parseSigningCertificate } from './certificate';

export interface EgsUnitProfile {
  egsUnitId: string;
  csr: EgsCsrConfig;
  /** The seller as it appears on the unit's invoices (compliance samples use it). */
  seller: Party;
}

/** What signing and submitting need for one unit, opened from the store. */
export interface EgsSigningCredentials {
  egsUnitId: string;
  privateKeyPem: string;
  certificateBase64: string;
  csid: CsidCredentials;
}

export interface EgsSigningCredentialsSource {
  /**
   * Throws ComplianceError `config` for a unit never onboarded, and `auth` with `waitsForOperator` (code
   * ZATCA_CSID_REFUSED) for one whose production CSID ZATCA no longer accepts.
   */
  signingCredentials(egsUnitId: string): Promise<EgsSigningCredentials>;
  /**
   * Records that ZATCA refused the production CSID with this certificate (HTTP 401). A unit onboarded
   * again since (another certificate) is left as it is.
   */
  csidRefused(egsUnitId: string, certificateBase64: string): Promise<void>;
}

/** Error code of a send held because its EGS unit has to be onboarded again. */
export const ZATCA_CSID_REFUSED = 'zatca-csid-refused';

/** What the operator reads on a held submission and on the unit. */
export function reonboardInstruction(egsUnitId: string): string {
  return (
    `ZATCA no longer accepts the CSID of EGS unit ${egsUnitId} (HTTP 401): re-onboard this EGS unit ` +
    `(POST /zatca/egs-units/${egsUnitId}/onboard with a new OTP); its invoices wait and go on once it is onboarded`
  );
}

export interface OnboardingResult {
  egsUnitId: string;
  state: EgsCredentialRecord['state'];
  complianceRequestId: string;
  productionRequestId: string;
  checks: ComplianceCheckRecord[];
  certificateExpiresAt?: string;
}

export interface ZatcaOnboardingDependencies {
  provider: ZatcaProvider;
  store: EgsCredentialStore;
  buildXml: ZatcaXmlBuilder;
  sign: ZatcaXmlSigner;
  now?: () => Date;
  log?: { info(message: string, meta?: object): void };
}

export class ZatcaOnboardingService implements EgsSigningCredentialsSource {
  private readonly now: () => Date;

  constructor(private readonly deps: ZatcaOnboardingDependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  async onboard(unit: EgsUnitProfile, otp: string): Promise<OnboardingResult> {
    const { egsUnitId } = unit;
    const keys = generateEgsKeyPair();
    const csr = buildEgsCsr(unit.csr, keys.privateKeyPem);
    const compliance = await this.deps.provider.requestComplianceCsid(csr.base64OfPem, otp);
    const record: EgsCredentialRecord = {
      egsUnitId,
      environment: unit.csr.environment,
      vatNumber: unit.csr.vatNumber,
      invoiceType: unit.csr.invoiceType,
      state: 'COMPLIANCE_CSID',
      privateKeyPem: keys.privateKeyPem,
      csrBase64: csr.base64OfPem,
      compliance: this.storedCsid(compliance),
      complianceChecks: [],
      updatedAt: this.now().toISOString(),
    };
    await this.deps.store.save(record);
    this.deps.log?.info('zatca compliance CSID issued', { egsUnitId, requestId: compliance.requestId });

    record.complianceChecks = await this.runComplianceChecks(unit, keys.privateKeyPem, compliance);
    record.state = 'COMPLIANCE_CHECKED';
    record.updatedAt = this.now().toISOString();
    await this.deps.store.save(record);

    const production = await this.deps.provider.requestProductionCsid(compliance, compliance.requestId);
    record.production = this.storedCsid(production);
    record.state = 'ACTIVE';
    record.updatedAt = this.now().toISOString();
    await this.deps.store.save(record);
    this.deps.log?.info('zatca production CSID issued', { egsUnitId, requestId: production.requestId });
    return {
      egsUnitId,
      state: record.state,
      complianceRequestId: compliance.requestId,
      productionRequestId: production.requestId,
      checks: record.complianceChecks,
      certificateExpiresAt: record.production.expiresAt,
    };
  }

  /** New key and CSR, production CSID renewed with an OTP; the old key stays until ZATCA grants the new one. */
  async renew(
    egsUnitId: string,
    csrConfig: EgsCsrConfig,
    otp: string,
  ): Promise<{ requestId: string; certificateExpiresAt?: string }> {
    const record = await this.requireRecord(egsUnitId);
    const current = await this.signingCredentials(egsUnitId);
    const keys = generateEgsKeyPair();
    const csr = buildEgsCsr(csrConfig, keys.privateKeyPem);
    const renewed = await this.deps.provider.renewProductionCsid(current.csid, csr.base64OfPem, otp);
    record.privateKeyPem = keys.privateKeyPem;
    record.csrBase64 = csr.base64OfPem;
    record.production = this.storedCsid(renewed);
    record.updatedAt = this.now().toISOString();
    await this.deps.store.save(record);
    this.deps.log?.info('zatca production CSID renewed', { egsUnitId, requestId: renewed.requestId });
    return { requestId: renewed.requestId, certificateExpiresAt: record.production.expiresAt };
  }

  async signingCredentials(egsUnitId: string): Promise<EgsSigningCredentials> {
    const record = await this.requireRecord(egsUnitId);
    if (record.state !== 'ACTIVE' || !record.production) {
      throw new ComplianceError(
        'config',
        `EGS unit ${egsUnitId} is not onboarded (state ${record.state}); run ZATCA onboarding with an OTP`,
      );
    }
    if (record.production.refusedAt) {
      throw new ComplianceError('auth', reonboardInstruction(egsUnitId), {
        code: ZATCA_CSID_REFUSED,
        waitsForOperator: true,
      });
    }
    return {
      egsUnitId,
      privateKeyPem: record.privateKeyPem,
      certificateBase64: record.production.certificateBase64,
      csid: {
        binarySecurityToken: record.production.binarySecurityToken,
        secret: record.production.secret,
      },
    };
  }

  async csidRefused(egsUnitId: string, certificateBase64: string): Promise<void> {
    const record = await this.deps.store.get(egsUnitId);
    const production = record?.production;
    if (!record || !production || production.refusedAt) return;
    if (production.certificateBase64 !== certificateBase64) return;
    production.refusedAt = this.now().toISOString();
    record.updatedAt = production.refusedAt;
    await this.deps.store.save(record);
    this.deps.log?.info('zatca production CSID refused; EGS unit must be onboarded again', { egsUnitId });
  }

  private async runComplianceChecks(
    unit: EgsUnitProfile,
    privateKeyPem: string,
    compliance: CsidGrant,
  ): Promise<ComplianceCheckRecord[]> {
    const today = this.now().toISOString().slice(0, 10);
    const results: ComplianceCheckRecord[] = [];
    let pih = ZATCA_INITIAL_PIH;
    let icv = 0;
    for (const sample of complianceSamples(unit.seller, unit.csr.invoiceType, today)) {
      icv += 1;
      const uuid = randomUUID();
      const built = this.deps.buildXml(
        { ...sample.invoice, ksa: { ...sample.invoice.ksa!, egsUnitId: unit.egsUnitId, uuid } },
        { icv, pih, uuid },
      );
      if (!built.ok) {
        throw new ComplianceError(
          'validation',
          `compliance sample ${sample.key} does not map: ${built.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
        );
      }
      const signed = this.deps.sign(built.value, {
        privateKeyPem,
        certificateBase64: compliance.certificateBase64,
        signingTime: this.now(),
      });
      const result = await this.deps.provider.complianceCheck(compliance, {
        invoiceHash: signed.invoiceHash,
        uuid,
        invoice: Buffer.from(signed.signedXml, 'utf8').toString('base64'),
      });
      if (result.outcome === 'rejected') {
        throw new ComplianceError(
          'rejected',
          `ZATCA compliance check ${sample.key} failed: ${describeErrors(result)}`,
          {
            code: result.errors.map((error) => error.code).join(','),
            response: result.response,
          },
        );
      }
      results.push({
        document: sample.key,
        status: result.status,
        warnings: result.warnings.map((w) => `${w.code}: ${w.message}`),
      });
      pih = signed.invoiceHash;
    }
    return results;
  }

  private storedCsid(grant: CsidGrant): StoredCsid {
    let expiresAt: string | undefined;
    try {
      expiresAt = new Date(parseSigningCertificate(grant.certificateBase64).x509.validTo).toISOString();
    } catch {
      expiresAt = undefined;
    }
    return {
      requestId: grant.requestId,
      binarySecurityToken: grant.binarySecurityToken,
      secret: grant.secret,
      certificateBase64: grant.certificateBase64,
      issuedAt: this.now().toISOString(),
      expiresAt,
    };
  }

  private async requireRecord(egsUnitId: string): Promise<EgsCredentialRecord> {
    const record = await this.deps.store.get(egsUnitId);
    if (!record)
      throw new ComplianceError('config', `EGS unit ${egsUnitId} has no ZATCA credentials; onboard it first`);
    return record;
  }
}

export function describeErrors(result: ZatcaInvoiceResult): string {
  return (
    result.errors.map((error) => `${error.code}: ${error.message}`).join('; ') ||
    `HTTP ${result.httpStatus} ${result.status}`
  );
}
