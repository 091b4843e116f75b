/**
 * Submissions held while their EGS unit's CSID is refused by ZATCA (RETRY, error code
 * ZATCA_CSID_REFUSED): once the unit is onboarded again they are released to go on at once, each
 * signing at most one new invoice (the regime re-issues the one ZATCA never took, in the next slot).
 */
import { Injectable } from '@nestjs/common';
import { ZATCA_CSID_REFUSED } from '../compliance/ksa/onboarding.service';
import { SubmissionRepository } from '../database/repositories/submission.repository';
import { JobName } from '../queue/job-name';
import { QueueService } from '../queue/queue.service';

const REGIME = 'sa-zatca';

@Injectable()
export class ZatcaWaitingSubmissions {
  constructor(
    private readonly submissions: SubmissionRepository,
    private readonly queue: QueueService,
  ) {}

  /** How many submissions of the unit wait for its re-onboarding. */
  count(egsUnitId: string): Promise<number> {
    return this.submissions.countWaitingForEgsUnit(REGIME, egsUnitId, ZATCA_CSID_REFUSED);
  }

  /** Makes the unit's waiting submissions due now and queues them; returns their ids. */
  async release(egsUnitId: string): Promise<string[]> {
    const ids = await this.submissions.releaseWaitingForEgsUnit(REGIME, egsUnitId, ZATCA_CSID_REFUSED);
    await this.queue.sendMany(
      JobName.SubmissionProcess,
      ids.map((submissionId) => ({ data: { submissionId }, key: submissionId })),
    );
    return ids;
  }
}
