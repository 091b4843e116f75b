/**
 * Every queue the pipeline uses. Policy `stately`: at most one queued and one active job per key. The jobs
 * regimes declare (RegimeDescriptor.jobs) get queues of their own names (RegimeQueue), created at start.
 */
export enum JobName {
  /** Pull new/changed documents from one connector instance. Key: instance name. */
  ConnectorPull = 'connector-pull',
  /** Move one submission on: map (RECEIVED), send (READY/RETRY). Key: submission id. */
  SubmissionProcess = 'submission-process',
  /**
   * Move on a batch of submissions a pull has just stored: one job for up to `queue.batchSize` of them,
   * rather than a job each. Key: the batch's first submission id.
   */
  SubmissionProcessBatch = 'submission-process-batch',
  /**
   * Map a batch of just-stored submissions to find those that cannot be mapped (MAPPING_FAILED at once);
   * its own queue, so validation never waits behind sending. Key: the batch's first submission id.
   */
  SubmissionValidate = 'submission-validate',
  /** Write one outcome back to the ERP. Key: submission id. */
  SubmissionWriteBack = 'submission-writeback',
  /** Find work whose job was lost (crash between commit and enqueue, stale SUBMITTING). */
  PipelineSweep = 'pipeline-sweep',
  /** Fetch GSTR-2B, pull purchases and reconcile one GSTIN and period. Key: gstin:period. */
  ReconciliationRun = 'reconciliation-run',
}

export interface JobPayloads {
  [JobName.ConnectorPull]: { instance: string };
  [JobName.SubmissionProcess]: { submissionId: string };
  [JobName.SubmissionProcessBatch]: { submissionIds: string[] };
  [JobName.SubmissionValidate]: { submissionIds: string[] };
  [JobName.SubmissionWriteBack]: { submissionId: string };
  [JobName.PipelineSweep]: Record<string, never>;
  [JobName.ReconciliationRun]: { gstin: string; period: string; trigger: string };
}

/** The queue of a job a regime declares: its name is the job's; it carries no payload. Key: the job name. */
export type RegimeQueue = string & { readonly regimeQueue: true };

export function regimeQueue(name: string): RegimeQueue {
  return name as RegimeQueue;
}

export type QueueName = JobName | RegimeQueue;

export type PayloadOf<N extends QueueName> = N extends JobName ? JobPayloads[N] : Record<string, never>;

/** The names of the queues the registered regimes' jobs use (bound by the application). */
export const REGIME_QUEUES = Symbol('REGIME_QUEUES');
