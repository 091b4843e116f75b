import { canTransition, isRegistered, RETRYABLE_STATES, SubmissionState as S } from './submission-state';

describe('submission state machine', () => {
  it('follows the designed happy path', () => {
    const path = [S.Received, S.Ready, S.Submitting, S.Registered, S.WritebackPending, S.WrittenBack];
    for (let i = 0; i < path.length - 1; i++) expect(canTransition(path[i], path[i + 1])).toBe(true);
  });

  it('never lets a registered document go back to be sent again', () => {
    for (const state of [S.Registered, S.WritebackPending, S.WrittenBack, S.WritebackFailed, S.Cancelled]) {
      expect(isRegistered(state)).toBe(true);
      expect(canTransition(state, S.Ready)).toBe(false);
      expect(canTransition(state, S.Submitting)).toBe(false);
      expect(canTransition(state, S.Received)).toBe(false);
    }
  });

  it('retries failures from the right place', () => {
    expect(RETRYABLE_STATES[S.Rejected]).toBe(S.Received);
    expect(RETRYABLE_STATES[S.MappingFailed]).toBe(S.Received);
    expect(RETRYABLE_STATES[S.WritebackFailed]).toBe(S.WritebackPending);
    expect(RETRYABLE_STATES[S.WrittenBack]).toBeUndefined();
  });

  it('allows cancellation only of registered documents', () => {
    expect(canTransition(S.Registered, S.Cancelled)).toBe(true);
    expect(canTransition(S.WrittenBack, S.Cancelled)).toBe(true);
    expect(canTransition(S.Ready, S.Cancelled)).toBe(false);
    expect(canTransition(S.Rejected, S.Cancelled)).toBe(false);
  });
});
