/** A regime's SubmitContext for tests: a first attempt of a fresh submission, with `overrides` on top. */
import type { SubmitContext } from '../../src/compliance/regime';

let submissionCounter = 0;

export function submitContext(overrides: Partial<SubmitContext> = {}): SubmitContext {
  submissionCounter += 1;
  return {
    submissionId: `sub-${submissionCounter}`,
    documentId: `doc-${submissionCounter}`,
    connectorInstance: 'test-erp',
    attempt: 1,
    outcomeUnknown: false,
    previous: {},
    settings: {},
    ...overrides,
  };
}
