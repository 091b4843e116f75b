/**
 * One consolidated e-way bill (trip sheet) for several bills of one connector instance moving on one
 * vehicle. A Part-A only bill gets its validity from the trip's vehicle: read back where the API can.
 */
import { ArrayMaxSize, ArrayMinSize, IsUUID } from 'class-validator';
import type { EwaybillProvider } from '../ewaybill-types';
import type { RegimeOperation } from '../../../compliance';
import { billOf, validityChange, withoutBill } from './active-bill';
import { VehicleMovementRequest } from './movement-origin.request';
import { ewaybillDateTime } from '../ewaybill-date';

export class ConsolidateRequest extends VehicleMovementRequest {
  /** Submissions (regime in-ewaybill) moving on the vehicle. */
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  submissionIds!: string[];
}

export const CONSOLIDATE_OPERATION: RegimeOperation<EwaybillProvider, ConsolidateRequest> = {
  name: 'consolidate',
  summary: 'One consolidated e-way bill for several active bills of one instance on one vehicle',
  auditAction: 'ewaybill-consolidate',
  requestClass: ConsolidateRequest,
  targets: 'many',
  refusal: (targets) => withoutBill(targets),
  details: (targets, request) => ({ ewbNos: targets.map(billOf), vehicleNo: request.vehicleNo }),
  async run({ provider, targets, request }) {
    const consolidated = await provider.consolidate({
      fromPlace: request.fromPlace,
      fromState: request.fromState,
      vehicleNo: request.vehicleNo,
      transMode: request.transMode,
      transDocNo: request.transDocNo,
      transDocDate: request.transDocDate,
      tripSheetEwbBills: targets.map((target) => ({ ewbNo: billOf(target) })),
    });
    const updates = [];
    for (const target of targets) {
      const validUpto = await currentValidity(provider, billOf(target));
      updates.push({
        submissionId: target.submissionId,
        identifiers: validityChange(validUpto.value),
        details: {
          consolidatedEwbNo: consolidated.consolidatedEwbNo,
          validUpto: validUpto.value ?? null,
          ...(validUpto.unread ? { validityNotReadBack: validUpto.unread } : {}),
        },
      });
    }
    return {
      updates,
      // The system writes the date as "dd/mm/yyyy hh:mm:ss AM"; operators see the one documented form.
      result: {
        consolidatedEwbNo: consolidated.consolidatedEwbNo,
        date: ewaybillDateTime(consolidated.date) ?? null,
      },
    };
  },
};

/** The validity the system now holds for the bill; why not, when it cannot be read (the trip stands). */
async function currentValidity(
  provider: EwaybillProvider,
  ewbNo: string,
): Promise<{ value?: string; unread?: string }> {
  if (!provider.getEwaybill) return {};
  try {
    const details = await provider.getEwaybill(ewbNo);
    return typeof details.validUpto === 'string' ? { value: details.validUpto } : {};
  } catch (error) {
    return { unread: error instanceof Error ? error.message : String(error) };
  }
}
