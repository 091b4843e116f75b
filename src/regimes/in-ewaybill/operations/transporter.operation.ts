/** Assigns the transporter of a bill (catalog A: the e-way bill system's updatetransporter). */
import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';
import { ComplianceError } from '../../../compliance';
import type { RegimeOperation } from '../../../compliance';
import type { EwaybillProvider } from '../ewaybill-types';
import { billOf, ewbNoOf, withoutBill } from './active-bill';
import { upper } from './movement-origin.request';

export class TransporterRequest {
  /** GSTIN or TRANSIN of the transporter. */
  @Transform(upper)
  @Matches(/^[0-9]{2}[0-9A-Z]{13}$/, { message: 'transporterId must be a 15-character GSTIN or TRANSIN' })
  transporterId!: string;
}

export const TRANSPORTER_OPERATION: RegimeOperation<EwaybillProvider, TransporterRequest> = {
  name: 'transporter',
  summary: 'Assign the transporter (catalog A providers)',
  auditAction: 'ewaybill-transporter',
  requestClass: TransporterRequest,
  targets: 'one',
  refusal: (targets) => withoutBill(targets),
  details: ([target], request) => ({ ewbNo: ewbNoOf(target), transporterId: request.transporterId }),
  async run({ provider, targets: [target], request }) {
    if (!provider.updateTransporter) {
      throw new ComplianceError(
        'config',
        `the e-way bill provider of this instance (catalog ${provider.catalog}) offers no transporter update`,
      );
    }
    const updated = await provider.updateTransporter({
      ewbNo: billOf(target),
      transporterId: request.transporterId,
    });
    return {
      updates: [{ submissionId: target.submissionId, details: { updatedAt: updated.updatedAt ?? null } }],
    };
  },
};
