/**
 * The jobs for submissions an intake (a pull, a webhook post) has just stored: validation on its own
 * queue, so that documents that cannot be mapped are MAPPING_FAILED within seconds whatever the send
 * queue holds, and the send batches. Validation goes first so that its workers are woken first.
 */
import { JobName, type QueueService } from '../queue';
import { enqueueProcessBatches, submissionBatches } from './process-batches';

export async function enqueueIntake(
  queue: QueueService,
  submissionIds: readonly string[],
  batchSize: number,
): Promise<void> {
  await queue.sendMany(JobName.SubmissionValidate, submissionBatches(submissionIds, batchSize));
  await enqueueProcessBatches(queue, submissionIds, batchSize);
}
