/** The public face of queue/: what the other parts of src/ import from it. */
export { JobName, REGIME_QUEUES, regimeQueue } from './job-name';
export type { QueueName, RegimeQueue } from './job-name';
export type { JobContext } from './queue.service';
export { QueueService, RETRY_DELAY_SECONDS } from './queue.service';
