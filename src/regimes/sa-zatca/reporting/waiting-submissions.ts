/**
 * Submissions held while their EGS unit's CSID is refused by ZATCA (RETRY, error code
 * ZATCA_CSID_REFUSED): once the unit is onboarded again they are released to go on at once, each
 * signing at most one new invoice (the regime re-issues the one ZATCA never took, in the next slot).
 */
import type { HeldSubmissions, SubmissionPipeline } from '../../../compliance';
import { ZATCA_CSID_REFUSED } from '../onboarding.service';

export class ZatcaWaitingSubmissions {
  constructor(private readonly pipeline: Pick<SubmissionPipeline, 'countHeld' | 'releaseHeld'>) {}

  /** How many submissions of the unit wait for its re-onboarding. */
  count(egsUnitId: string): Promise<number> {
    return this.pipeline.countHeld(heldFor(egsUnitId));
  }

  /** Makes the unit's waiting submissions due now and queues them; returns their ids. */
  release(egsUnitId: string): Promise<string[]> {
    return this.pipeline.releaseHeld(heldFor(egsUnitId));
  }
}

/** The regime's payload names its EGS unit (ZatcaPayload.egsUnitId). */
function heldFor(egsUnitId: string): HeldSubmissions {
  return { regime: 'sa-zatca', errorCode: ZATCA_CSID_REFUSED, payloadKey: 'egsUnitId', value: egsUnitId };
}
