/** The move that records a registration: identifiers in their columns, errors cleared, audited. */
import type { Registered } from '../compliance/regime';
import type { ComplianceIdentifiers } from '../connectors/contract';
import type { SubmissionEntity } from '../database/entities';
import { type BatchMove, SYSTEM_ACTOR } from './state-transitions.service';

export function registeredMove(submission: SubmissionEntity, outcome: Registered): BatchMove {
  const ids: ComplianceIdentifiers = { ...submission.identifiers, ...outcome.identifiers };
  return {
    submission,
    patch: {
      outcomeUnknown: false,
      submittingSince: null,
      nextAttemptAt: null,
      response: outcome.response,
      identifiers: ids,
      irn: ids.irn ?? null,
      ackNo: ids.ackNo ?? null,
      ackDate: ids.ackDate ?? null,
      signedQr: ids.signedQrCode ?? ids.zatcaQr ?? null,
      ewbNo: ids.ewbNo ?? null,
      validUpto: ids.ewbValidUpto ?? null,
      zatcaUuid: ids.zatcaUuid ?? null,
      zatcaHash: ids.zatcaHash ?? null,
      zatcaIcv: ids.zatcaIcv ?? null,
      zatcaStatus: ids.zatcaStatus ?? null,
      warnings: outcome.warnings ?? null,
      errorClass: null,
      errorCode: null,
      errorMessage: null,
      fieldErrors: null,
    },
    audit: { actor: SYSTEM_ACTOR, action: outcome.adopted ? 'registered-adopted' : 'registered' },
  };
}
