/**
 * The counts /metrics reports, read from the shared database at scrape time so every instance reports
 * the same state whichever one is scraped: documents, submissions, authority errors, write-back failures,
 * reconciliation verdicts and the pg-boss queue.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SubmissionState } from '../../domain';

/** Submission states an operator or the pipeline still has to act on. */
export const PENDING_SUBMISSION_STATES: readonly SubmissionState[] = [
  SubmissionState.Received,
  SubmissionState.Ready,
  SubmissionState.Submitting,
  SubmissionState.Retry,
  SubmissionState.WritebackPending,
];

/** States whose submissions failed and wait for an operator. */
const FAILED_STATES: readonly SubmissionState[] = [
  SubmissionState.Rejected,
  SubmissionState.MappingFailed,
  SubmissionState.WritebackFailed,
];

export interface DocumentCount {
  direction: string;
  n: number;
}
export interface SubmissionCount {
  regime: string;
  state: string;
  n: number;
}
export interface SubmissionErrorCount {
  regime: string;
  errorClass: string;
  errorCode: string;
  n: number;
}
export interface WritebackFailureCount {
  connector: string;
  errorClass: string;
  n: number;
}
export interface ReconciliationMatchCount {
  gstin: string;
  period: string;
  category: string;
  /** The operator's decision; `none` while still open. */
  decision: string;
  n: number;
}
export interface QueueJobCount {
  name: string;
  state: string;
  n: number;
}
export interface QueueWaitingAge {
  name: string;
  ageSeconds: number;
}

@Injectable()
export class MetricsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  documentsByDirection(): Promise<DocumentCount[]> {
    return this.dataSource.query(`SELECT direction, count(*)::int AS n FROM document GROUP BY 1`);
  }

  submissionsByRegimeAndState(): Promise<SubmissionCount[]> {
    return this.dataSource.query(`SELECT regime, state, count(*)::int AS n FROM submission GROUP BY 1, 2`);
  }

  /** Submissions in a failure state, by regime, error class and the authority's error code. */
  submissionErrors(): Promise<SubmissionErrorCount[]> {
    return this.dataSource.query(
      `SELECT regime, coalesce(error_class, '') AS "errorClass", coalesce(error_code, '') AS "errorCode",
              count(*)::int AS n
         FROM submission WHERE state = ANY($1) GROUP BY 1, 2, 3`,
      [[...FAILED_STATES]],
    );
  }

  /** WRITEBACK_FAILED submissions by connector instance name and error class. */
  writebackFailures(): Promise<WritebackFailureCount[]> {
    return this.dataSource.query(
      `SELECT c.name AS connector, coalesce(s.error_class, '') AS "errorClass", count(*)::int AS n
         FROM submission s JOIN document d ON d.id = s.document_id
         JOIN connector_instance c ON c.id = d.connector_instance_id
        WHERE s.state = $1 GROUP BY 1, 2`,
      [SubmissionState.WritebackFailed],
    );
  }

  reconciliationMatches(): Promise<ReconciliationMatchCount[]> {
    return this.dataSource.query(
      `SELECT gstin, period, category, coalesce(decision, 'none') AS decision, count(*)::int AS n
         FROM reco_match GROUP BY 1, 2, 3, 4`,
    );
  }

  /** Seconds since the oldest submission still in flight was created; 0 when none is. */
  async oldestPendingSubmissionAgeSeconds(): Promise<number> {
    const [row] = await this.dataSource.query<{ age: number | null }[]>(
      `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS age
         FROM submission WHERE state = ANY($1)`,
      [[...PENDING_SUBMISSION_STATES]],
    );
    return Number(row?.age ?? 0);
  }

  /** pg-boss jobs by name and state (the queue schema may not exist yet on an API-only instance). */
  queueJobs(): Promise<QueueJobCount[]> {
    return this.dataSource.query(
      `SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job GROUP BY 1, 2`,
    );
  }

  /** Per job name, the age of the oldest job due now and not started (created or retry). */
  queueOldestWaitingJobAge(): Promise<QueueWaitingAge[]> {
    return this.dataSource.query(
      `SELECT name, extract(epoch FROM now() - min(created_on))::float AS "ageSeconds" FROM pgboss.job
        WHERE state IN ('created', 'retry') AND start_after <= now() GROUP BY 1`,
    );
  }
}
