/**
 * Newly stored submissions are handed to the workers a batch at a time: one job for up to
 * `queue.batchSize` of them, rather than a job each. A job costs PostgreSQL about as much to insert,
 * fetch and complete as the batch's own statements cost per document, so per-document jobs were a third
 * of the database's work under load. The sweep still finds any submission whose job is lost, and a
 * submission in two jobs is moved on once (every step is a compare-and-set).
 */
import { JobName, type QueueService } from '../queue';

export async function enqueueProcessBatches(
  queue: QueueService,
  submissionIds: readonly string[],
  batchSize: number,
): Promise<void> {
  await queue.sendMany(JobName.SubmissionProcessBatch, submissionBatches(submissionIds, batchSize));
}

/** Jobs of up to `batchSize` submissions each, keyed by their first submission id. */
export function submissionBatches(
  submissionIds: readonly string[],
  batchSize: number,
): { data: { submissionIds: string[] }; key: string }[] {
  const jobs: { data: { submissionIds: string[] }; key: string }[] = [];
  for (let start = 0; start < submissionIds.length; start += batchSize) {
    const chunk = submissionIds.slice(start, start + batchSize);
    jobs.push({ data: { submissionIds: chunk }, key: chunk[0] });
  }
  return jobs;
}
