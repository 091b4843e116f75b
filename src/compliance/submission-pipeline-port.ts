/**
 * What a regime's own logic (a scheduled job, a re-onboarding) may ask of the submission pipeline,
 * whichever regime it is: read a submission and its document as the pipeline would send it, replace a
 * registration the authority refused after the fact, and release submissions held for a reason the
 * regime knows. sync/ implements it with the repositories and the state transitions (audited, compare-
 * and-set); regimes get it through `SUBMISSION_PIPELINE`.
 */
import type { CanonicalInvoice, ComplianceIdentifiers, SubmissionState } from '../domain';
import type { HeldSubmissions } from '../ports';
import { regimePort } from './regime-job';
import type { RegimeSettings } from './regime';

/** A submission as regime logic sees it. */
export interface PipelineSubmission {
  id: string;
  documentId: string;
  regime: string;
  state: SubmissionState;
  attempts: number;
  identifiers: ComplianceIdentifiers;
}

/** The document of a submission as the pipeline sends it, with its instance's settings for the regime. */
export interface PipelineDocument {
  /** The canonical invoice with the operator's overrides; undefined when there is none that validates. */
  invoice: CanonicalInvoice | undefined;
  /** `regimeSettings[regime]` of the document's connector instance. */
  settings: RegimeSettings;
  /** The connector instance's name (its id when it is no longer configured). */
  connectorInstance: string;
}

/** A new registration of the same document (a re-issue): what was sent and what the authority holds. */
export interface Reregistration {
  payload: unknown;
  identifiers: ComplianceIdentifiers;
  response: unknown;
}

export interface PipelineAudit {
  actor: string;
  action: string;
  reason: string;
  details?: Record<string, unknown>;
}

export type { HeldSubmissions };

export interface SubmissionPipeline {
  findSubmission(id: string): Promise<PipelineSubmission | undefined>;
  documentOf(
    submission: Pick<PipelineSubmission, 'documentId' | 'regime'>,
  ): Promise<PipelineDocument | undefined>;
  /**
   * Records the new registration on the submission (identifier columns by the regime's projection,
   * errors cleared), moves it from the state it was read in to WRITEBACK_PENDING with an audit event
   * and queues its write-back, so the ERP hears of it. False when its state changed meanwhile.
   */
  replaceRegistration(
    submission: Pick<PipelineSubmission, 'id' | 'documentId' | 'regime' | 'state'>,
    registration: Reregistration,
    audit: PipelineAudit,
  ): Promise<boolean>;
  countHeld(held: HeldSubmissions): Promise<number>;
  /** Makes the held submissions due now and queues them; returns their ids. */
  releaseHeld(held: HeldSubmissions): Promise<string[]>;
}

export const SUBMISSION_PIPELINE = regimePort<SubmissionPipeline>('submission-pipeline');

/** The actor audit events name for what the pipeline does by itself (not an operator). */
export const SYSTEM_ACTOR = 'system';
