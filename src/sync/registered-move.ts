/** The move that records a registration: identifiers in their columns, errors cleared, audited. */
import type { Registered, RegimeRegistry } from '../compliance';
import type { ComplianceIdentifiers } from '../domain';
import type { SubmissionEntity } from '../database/entities';
import { identifierColumnsPatch } from '../database/repositories';
import { type BatchMove, SYSTEM_ACTOR } from './state-transitions.service';

/** `regimes` says which columns the submission's regime projects its identifiers onto. */
export function registeredMove(
  submission: SubmissionEntity,
  outcome: Registered,
  regimes: Pick<RegimeRegistry, 'projectIdentifiers'>,
): BatchMove {
  const ids: ComplianceIdentifiers = { ...submission.identifiers, ...outcome.identifiers };
  return {
    submission,
    patch: {
      outcomeUnknown: false,
      submittingSince: null,
      nextAttemptAt: null,
      response: outcome.response,
      identifiers: ids,
      ...identifierColumnsPatch(regimes.projectIdentifiers(submission.regime, ids)),
      warnings: registrationWarnings(submission, outcome),
      errorClass: null,
      errorCode: null,
      errorMessage: null,
      fieldErrors: null,
    },
    audit: { actor: SYSTEM_ACTOR, action: outcome.adopted ? 'registered-adopted' : 'registered' },
  };
}

/** The mapping's warnings (what the request left out on purpose), then the authority's. */
function registrationWarnings(
  submission: SubmissionEntity,
  outcome: Registered,
): { code?: string; message: string }[] | null {
  const warnings = [...(submission.warnings ?? []), ...(outcome.warnings ?? [])];
  const distinct = warnings.filter(
    (warning, index) =>
      warnings.findIndex((other) => other.code === warning.code && other.message === warning.message) ===
      index,
  );
  return distinct.length > 0 ? distinct : null;
}
