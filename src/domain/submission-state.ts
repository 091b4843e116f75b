/**
 * The submission state machine (DESIGN.md "Submission states"). Pure: which transitions are legal.
 * Every transition is applied in a transaction with an audit event by the sync layer.
 */
export enum SubmissionState {
  Received = 'RECEIVED',
  MappingFailed = 'MAPPING_FAILED',
  Ready = 'READY',
  Submitting = 'SUBMITTING',
  Retry = 'RETRY',
  Registered = 'REGISTERED',
  Rejected = 'REJECTED',
  WritebackPending = 'WRITEBACK_PENDING',
  WrittenBack = 'WRITTEN_BACK',
  WritebackFailed = 'WRITEBACK_FAILED',
  Cancelled = 'CANCELLED',
}

const S = SubmissionState;

const TRANSITIONS: Readonly<Record<SubmissionState, readonly SubmissionState[]>> = {
  [S.Received]: [S.Ready, S.MappingFailed],
  [S.MappingFailed]: [S.Received, S.Ready, S.MappingFailed],
  [S.Ready]: [S.Submitting, S.MappingFailed, S.Received],
  [S.Submitting]: [S.Registered, S.Rejected, S.Retry, S.MappingFailed],
  [S.Retry]: [S.Submitting, S.Rejected, S.Received],
  [S.Registered]: [S.WritebackPending, S.Cancelled],
  [S.Rejected]: [S.Received, S.Ready],
  [S.WritebackPending]: [S.WrittenBack, S.WritebackFailed, S.WritebackPending, S.Cancelled],
  [S.WrittenBack]: [S.Cancelled, S.WritebackPending],
  [S.WritebackFailed]: [S.WritebackPending, S.Cancelled],
  [S.Cancelled]: [S.WritebackPending],
};

export function canTransition(from: SubmissionState, to: SubmissionState): boolean {
  return TRANSITIONS[from].includes(to);
}

/** States an operator retry may start from, and where the retry sends the submission. */
export const RETRYABLE_STATES: Readonly<Partial<Record<SubmissionState, SubmissionState>>> = {
  [S.MappingFailed]: S.Received,
  [S.Rejected]: S.Received,
  [S.Retry]: S.Received,
  [S.WritebackFailed]: S.WritebackPending,
};

/** The authority holds a registration: never send this document again as new. */
export function isRegistered(state: SubmissionState): boolean {
  return [S.Registered, S.WritebackPending, S.WrittenBack, S.WritebackFailed, S.Cancelled].includes(state);
}

export const FAILURE_STATES: readonly SubmissionState[] = [S.MappingFailed, S.Rejected, S.WritebackFailed];
