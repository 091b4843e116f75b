import type { ComplianceIdentifiers } from './compliance-identifiers';
import type { SubmissionErrorClass } from './error-classes';
import type { FieldError } from './field-error';
import type { RegimeName } from './regime-name';
import type { SubmissionState } from './submission-state';

/** What a connector writes back to the ERP for one submission. */
export interface WriteBackOutcome {
  regime: RegimeName;
  /** The submission's state as written back: REGISTERED, REJECTED, MAPPING_FAILED, CANCELLED... */
  state: WriteBackState;
  identifiers: ComplianceIdentifiers;
  error?: WriteBackError;
}

/** A submission state by its value (`SubmissionState.Registered` or `'REGISTERED'`). */
export type WriteBackState = `${SubmissionState}`;

export interface WriteBackError {
  /** `unknown` only for a failed submission stored without a class (older rows). */
  errorClass: SubmissionErrorClass | 'unknown';
  code?: string;
  message: string;
  fieldErrors?: FieldError[];
}
