/**
 * What mapping makes of one RECEIVED submission: its regime's request document (READY), the field errors
 * that stop it (MAPPING_FAILED), or a wait for a regime this build has not registered. Pure; the callers
 * apply the moves: the intake validation (sync/intake-validation.service.ts) only the failures, the send
 * job (sync/submission-processor.service.ts) all of them.
 */
import type { InstanceRegimes, RegimeRegistry, RegimeSettings } from '../compliance';
import type { DocumentEntity, SubmissionEntity } from '../database/entities';
import type { ComplianceIdentifiers } from '../domain';
import type { LiveConnector } from './connector-runtime.service';
import { effectiveInvoiceOutcome } from './effective-invoice';
import { inCanonicalStyle } from './field-error-style';
import { type BatchMove, SYSTEM_ACTOR } from './state-transitions.service';

export type SubmissionMapping =
  | { kind: 'failed'; move: BatchMove }
  | { kind: 'waiting-for-regime'; move: BatchMove }
  /** `dependent`: the regime waits for another's registration (RegimeDescriptor.dependsOn) at READY. */
  | { kind: 'mapped'; move: BatchMove; dependent: boolean };

export function mapSubmission(
  submission: SubmissionEntity,
  document: DocumentEntity,
  regimes: RegimeRegistry,
  settings: RegimeSettings,
  instance?: InstanceRegimes,
): SubmissionMapping {
  const outcome = effectiveInvoiceOutcome(document);
  const invoice = outcome?.ok ? outcome.value : undefined;
  if (!invoice) {
    return {
      kind: 'failed',
      move: {
        submission,
        patch: {
          errorClass: 'validation',
          errorCode: null,
          errorMessage: 'the ERP document could not be read into an invoice',
          // A draft completed by overrides reports what still stops it, not what stopped it at first.
          fieldErrors: outcome && !outcome.ok ? outcome.errors : document.normalisationErrors,
        },
        audit: { actor: SYSTEM_ACTOR, action: 'mapping-failed' },
      },
    };
  }
  const regime = regimes.get(submission.regime);
  if (!regime) {
    return {
      kind: 'waiting-for-regime',
      move: {
        submission,
        patch: {},
        audit: {
          actor: SYSTEM_ACTOR,
          action: 'waiting-for-regime',
          reason: `no implementation of ${submission.regime} is registered; waiting at READY`,
        },
      },
    };
  }
  const mapped = regime.map(invoice, settings, instance);
  if (!mapped.ok) {
    return {
      kind: 'failed',
      move: {
        submission,
        patch: {
          errorClass: 'validation',
          errorCode: null,
          errorMessage: `${mapped.errors.length} field error(s) against ${submission.regime}`,
          fieldErrors: mapped.errors.map(inCanonicalStyle),
        },
        audit: {
          actor: SYSTEM_ACTOR,
          action: 'mapping-failed',
          details: { errors: mapped.errors.length },
        },
      },
    };
  }
  // The IRN known at mapping is the one expected, kept apart from the one the IRP issues.
  const { irn: expectedIrn, ...expected } = mapped.value.identifiers ?? {};
  const warnings = mapped.value.submissionWarnings;
  const identifiers: ComplianceIdentifiers = { ...submission.identifiers, ...expected };
  return {
    kind: 'mapped',
    dependent: Boolean(regimes.descriptor(submission.regime)?.dependsOn),
    move: {
      submission,
      patch: {
        requestPayload: mapped.value.payload,
        identifiers,
        expectedIrn: expectedIrn ?? submission.expectedIrn,
        errorClass: null,
        errorCode: null,
        errorMessage: null,
        fieldErrors: null,
        // What the request leaves out on purpose; kept at registration with the authority's own warnings.
        warnings: warnings && warnings.length > 0 ? warnings : null,
      },
      audit: {
        actor: SYSTEM_ACTOR,
        action: 'mapped',
        ...(warnings && warnings.length > 0 ? { details: { warnings } } : {}),
      },
    },
  };
}

/** A connector instance as a regime's mapping sees it (InstanceRegimes): its regimes and their settings. */
export function instanceRegimesOf(
  live: Pick<LiveConnector, 'regimes' | 'regimeSettings'> | undefined,
): InstanceRegimes {
  return {
    regimes: live?.regimes ?? [],
    settingsOf: (regime) => live?.regimeSettings[regime] ?? {},
  };
}
