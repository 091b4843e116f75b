/**
 * What a chain store's refusal of a slot means for the submission: the unit busy with another worker is
 * transient (the pipeline retries), an invoice UUID signed for another submission is the document's
 * fault (validation: one ERP document is signed once). Anything else passes unchanged.
 */
import { ChainSlotRefused } from '../../ports';
import { ComplianceError } from '../../compliance';

export function chainSlotError(error: unknown): unknown {
  if (!(error instanceof ChainSlotRefused)) return error;
  return new ComplianceError(error.refusal === 'unit-busy' ? 'transient' : 'validation', error.message, {
    cause: error,
  });
}
