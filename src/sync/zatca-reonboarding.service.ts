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
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ZATCA_CSID_REFUSED,
  ZatcaOnboardingService,
  type EgsUnitProfile,
  type OnboardingResult,
} from '../compliance/ksa/onboarding.service';
import { ZATCA_STATUS } from '../compliance/ksa/zatca.regime';
import { RegimeRegistry } from '../compliance/regime-registry';
import { DocumentRepository } from '../database/repositories/document.repository';
import { PostgresEgsCredentialStore } from '../database/repositories/egs-credential.repository';
import { SubmissionRepository } from '../database/repositories/submission.repository';
import { markSignedInvoiceRejected } from '../database/repositories/zatca-chain.repository';
import { ZatcaReportingRepository } from '../database/repositories/zatca-reporting.repository';
import { QueueService } from '../queue/queue.service';
import { ConnectorRuntimeService } from './connector-runtime.service';
import { StateTransitionsService, SYSTEM_ACTOR } from './state-transitions.service';
import { isSettledForReissue, reissueRefusedReport } from './zatca-report-reissue';
import { ZatcaWaitingSubmissions } from './zatca-waiting-submissions';

export interface ReonboardingResult extends OnboardingResult {
  /** Held submissions released to go on. */
  releasedSubmissions: number;
  /** Pending simplified invoices signed again under the new certificate. */
  reissuedSimplifiedInvoices: number;
  /** Pending simplified invoices under the refused certificate that could not be re-issued now, and why. */
  notReissued: { submissionId: string; why: string }[];
}

@Injectable()
export class ZatcaReonboarding {
  private readonly logger = new Logger('ZatcaReonboarding');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly onboarding: ZatcaOnboardingService,
    private readonly store: PostgresEgsCredentialStore,
    private readonly waiting: ZatcaWaitingSubmissions,
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly regimes: RegimeRegistry,
    private readonly connectors: ConnectorRuntimeService,
    private readonly transitions: StateTransitionsService,
    private readonly queue: QueueService,
    private readonly reports: ZatcaReportingRepository,
  ) {}

  /** Onboards (or re-onboards) the unit, then re-issues and releases what waited for it. */
  async onboard(unit: EgsUnitProfile, otp: string): Promise<ReonboardingResult> {
    const before = (await this.store.get(unit.egsUnitId))?.production;
    const refusedCertificate = before?.refusedAt ? before.certificateBase64 : undefined;
    const { result, reissue } = refusedCertificate
      ? await this.withoutReporting(async () => ({
          result: await this.onboarding.onboard(unit, otp),
          reissue: await this.reissueSignedUnder(unit.egsUnitId, refusedCertificate),
        }))
      : { result: await this.onboarding.onboard(unit, otp), reissue: { reissued: 0, notReissued: [] } };
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
    const run = await this.reports.withReportingLock(true, fn);
    if (!run.held) throw new Error('the ZATCA reporting lock was not taken');
    return run.value;
  }

  private async reissueSignedUnder(
    egsUnitId: string,
    refusedCertificate: string,
  ): Promise<{ reissued: number; notReissued: ReonboardingResult['notReissued'] }> {
    const rows = await this.reports.signedUnderCertificate(
      egsUnitId,
      refusedCertificate,
      ZATCA_STATUS.pendingReporting,
    );
    let reissued = 0;
    const notReissued: ReonboardingResult['notReissued'] = [];
    for (const row of rows) {
      const submission = await this.submissions.findById(row.submissionId);
      if (!submission) continue;
      if (!isSettledForReissue(submission)) {
        notReissued.push({
          submissionId: submission.id,
          why: `the ERP is still being told of the invoice (${submission.state}); the operator retries it once reporting refuses it`,
        });
        continue;
      }
      const signed = { submissionId: row.submissionId, generation: row.generation };
      await markSignedInvoiceRejected(this.dataSource.manager, signed, {
        code: ZATCA_CSID_REFUSED,
        message: 'not reported: ZATCA refused the CSID it was signed under (HTTP 401)',
      });
      const outcome = await reissueRefusedReport(
        {
          documents: this.documents,
          regimes: this.regimes,
          connectors: this.connectors,
          transitions: this.transitions,
          queue: this.queue,
        },
        submission,
        {
          actor: SYSTEM_ACTOR,
          action: 'zatca-reissue-after-reonboarding',
          reason: `EGS unit ${egsUnitId} onboarded again after ZATCA refused the CSID this invoice was signed under`,
        },
      );
      if ('why' in outcome) {
        this.logger.warn(
          `re-issue of submission ${submission.id} after re-onboarding failed: ${outcome.why}`,
        );
        notReissued.push({ submissionId: submission.id, why: outcome.why });
      } else reissued += 1;
    }
    return { reissued, notReissued };
  }
}
