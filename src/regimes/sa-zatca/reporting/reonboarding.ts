/**
 * Onboarding an EGS unit again after ZATCA refused its CSID (HTTP 401), and what then goes on by itself:
 * - simplified invoices already signed under the refused certificate and not yet reported cannot be
 *   reported under the new CSID (ZATCA checks the signing certificate against the caller's CSID). Each is
 *   re-issued once: its slot stays used, recorded as refused, and the same document is signed again in
 *   the next chain slot with the new certificate (new UUID and ICV, PIH chained), written back to the ERP
 *   (the new QR) and reported by the scheduled reporting job;
 * - submissions held while the unit waited (ZatcaWaitingSubmissions) are released.
 * The refused certificate is read before onboarding replaces it, so only invoices signed under it are
 * re-issued; one whose re-issue is already signed is found under the new certificate and left alone.
 */
import type { RegimeJobLog } from '../../../compliance';
import type { ComplianceRegime } from '../../../compliance';
import { SYSTEM_ACTOR, type SubmissionPipeline } from '../../../compliance';
import type { ZatcaChainStore } from '../chain';
import type { EgsCredentialStore } from '../egs-credential-store';
import {
  ZATCA_CSID_REFUSED,
  type EgsUnitProfile,
  type OnboardingResult,
  type ZatcaOnboardingService,
} from '../onboarding.service';
import { ZATCA_STATUS } from '../zatca.regime';
import { isSettledForReissue, reissueRefusedReport } from './report-reissue';
import type { ZatcaReportingStore } from './reporting-ports';
import { ZatcaWaitingSubmissions } from './waiting-submissions';

export interface ReonboardingResult extends OnboardingResult {
  /** Held submissions released to go on. */
  releasedSubmissions: number;
  /** Pending simplified invoices signed again under the new certificate. */
  reissuedSimplifiedInvoices: number;
  /** Pending simplified invoices under the refused certificate that could not be re-issued now, and why. */
  notReissued: { submissionId: string; why: string }[];
}

export interface ZatcaReonboardingDependencies {
  onboarding: Pick<ZatcaOnboardingService, 'onboard'>;
  credentials: Pick<EgsCredentialStore, 'get'>;
  chain: Pick<ZatcaChainStore, 'markRejected'>;
  reports: Pick<ZatcaReportingStore, 'withReportingLock' | 'signedUnderCertificate'>;
  pipeline: SubmissionPipeline;
  /** The `sa-zatca` regime this process built (undefined when it is not registered). */
  regime: () => ComplianceRegime | undefined;
  log: Pick<RegimeJobLog, 'warn'>;
}

export class ZatcaReonboarding {
  private readonly waiting: ZatcaWaitingSubmissions;

  constructor(private readonly deps: ZatcaReonboardingDependencies) {
    this.waiting = new ZatcaWaitingSubmissions(deps.pipeline);
  }

  /** Onboards (or re-onboards) the unit, then re-issues and releases what waited for it. */
  async onboard(unit: EgsUnitProfile, otp: string): Promise<ReonboardingResult> {
    const before = (await this.deps.credentials.get(unit.egsUnitId))?.production;
    const refusedCertificate = before?.refusedAt ? before.certificateBase64 : undefined;
    const { result, reissue } = refusedCertificate
      ? await this.withoutReporting(async () => ({
          result: await this.deps.onboarding.onboard(unit, otp),
          reissue: await this.reissueSignedUnder(unit.egsUnitId, refusedCertificate),
        }))
      : { result: await this.deps.onboarding.onboard(unit, otp), reissue: { reissued: 0, notReissued: [] } };
    const released = await this.waiting.release(unit.egsUnitId);
    return {
      ...result,
      releasedSubmissions: released.length,
      reissuedSimplifiedInvoices: reissue.reissued,
      notReissued: reissue.notReissued,
    };
  }

  /**
   * Holds the reporting job's lock: a run between onboarding and the re-issues would send an invoice
   * signed under the refused certificate with the new CSID, and its refusal would land on the re-issue.
   */
  private async withoutReporting<T>(fn: () => Promise<T>): Promise<T> {
    const run = await this.deps.reports.withReportingLock(true, fn);
    if (!run.held) throw new Error('the ZATCA reporting lock was not taken');
    return run.value;
  }

  private async reissueSignedUnder(
    egsUnitId: string,
    refusedCertificate: string,
  ): Promise<{ reissued: number; notReissued: ReonboardingResult['notReissued'] }> {
    const signedUnder = await this.deps.reports.signedUnderCertificate(
      egsUnitId,
      refusedCertificate,
      ZATCA_STATUS.pendingReporting,
    );
    let reissued = 0;
    const notReissued: ReonboardingResult['notReissued'] = [];
    for (const signed of signedUnder) {
      const submission = await this.deps.pipeline.findSubmission(signed.submissionId);
      if (!submission) continue;
      if (!isSettledForReissue(submission)) {
        notReissued.push({
          submissionId: submission.id,
          why: `the ERP is still being told of the invoice (${submission.state}); the operator retries it once reporting refuses it`,
        });
        continue;
      }
      await this.deps.chain.markRejected(signed, {
        code: ZATCA_CSID_REFUSED,
        message: 'not reported: ZATCA refused the CSID it was signed under (HTTP 401)',
      });
      const outcome = await reissueRefusedReport(
        { pipeline: this.deps.pipeline, regime: this.deps.regime() },
        submission,
        {
          actor: SYSTEM_ACTOR,
          action: 'zatca-reissue-after-reonboarding',
          reason: `EGS unit ${egsUnitId} onboarded again after ZATCA refused the CSID this invoice was signed under`,
        },
      );
      if ('why' in outcome) {
        this.deps.log.warn(
          `re-issue of submission ${submission.id} after re-onboarding failed: ${outcome.why}`,
        );
        notReissued.push({ submissionId: submission.id, why: outcome.why });
      } else reissued += 1;
    }
    return { reissued, notReissued };
  }
}
