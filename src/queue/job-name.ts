/** Every queue the pipeline uses. Policy `stately`: at most one queued and one active job per key. */
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
  /** Report signed simplified KSA invoices to ZATCA (within 24 h of issue). */
  ZatcaReport = 'zatca-report',
  /** Fetch GSTR-2B, pull purchases and reconcile one GSTIN and period. Key: gstin:period. */
  ReconciliationRun = 'reconciliation-run',
  /** Fetch the IRP's rejected-IRN lists (GETREJECTEDIRNS) of today and yesterday. Key: the job name. */
  EinvoiceRejectedIrns = 'einvoice-rejected-irns',
  /** List e-way bills about to expire and extend those whose instance configures it. Key: the job name. */
  EwaybillExpiryCheck = 'ewaybill-expiry-check',
}

export interface JobPayloads {
  [JobName.ConnectorPull]: { instance: string };
  [JobName.SubmissionProcess]: { submissionId: string };
  [JobName.SubmissionProcessBatch]: { submissionIds: string[] };
  [JobName.SubmissionValidate]: { submissionIds: string[] };
  [JobName.SubmissionWriteBack]: { submissionId: string };
  [JobName.PipelineSweep]: Record<string, never>;
  [JobName.ZatcaReport]: Record<string, never>;
  [JobName.ReconciliationRun]: { gstin: string; period: string; trigger: string };
  [JobName.EinvoiceRejectedIrns]: Record<string, never>;
  [JobName.EwaybillExpiryCheck]: Record<string, never>;
}
