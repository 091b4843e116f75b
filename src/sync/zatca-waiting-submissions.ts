/**
 * Submissions held while their EGS unit's CSID is refused by ZATCA (RETRY, error code
 * ZATCA_CSID_REFUSED): once the unit is onboarded again they are released to go on at once, each
 * signing at most one new invoice (the regime re-issues the one ZATCA never took, in the next slot).
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ZATCA_CSID_REFUSED } from '../compliance/ksa/onboarding.service';
import { SubmissionState } from '../domain/submission-state';
import { JobName } from '../queue/job-name';
import { QueueService } from '../queue/queue.service';

@Injectable()
export class ZatcaWaitingSubmissions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: QueueService,
  ) {}

  /** How many submissions of the unit wait for its re-onboarding. */
  async count(egsUnitId: string): Promise<number> {
    const rows: { n: string }[] = await this.dataSource.query(
      `SELECT count(*) AS n FROM submission
        WHERE regime = 'sa-zatca' AND state = $1 AND error_code = $2 AND request_payload->>'egsUnitId' = $3`,
      [SubmissionState.Retry, ZATCA_CSID_REFUSED, egsUnitId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Makes the unit's waiting submissions due now and queues them; returns their ids. */
  async release(egsUnitId: string): Promise<string[]> {
    const result: unknown[] = await this.dataSource.query(
      `UPDATE submission SET next_attempt_at = now(), updated_at = now()
        WHERE regime = 'sa-zatca' AND state = $1 AND error_code = $2 AND request_payload->>'egsUnitId' = $3
        RETURNING id`,
      [SubmissionState.Retry, ZATCA_CSID_REFUSED, egsUnitId],
    );
    const rows = (Array.isArray(result[0]) ? result[0] : result) as { id: string }[];
    const ids = rows.map((row) => row.id);
    await this.queue.sendMany(
      JobName.SubmissionProcess,
      ids.map((submissionId) => ({ data: { submissionId }, key: submissionId })),
    );
    return ids;
  }
}
