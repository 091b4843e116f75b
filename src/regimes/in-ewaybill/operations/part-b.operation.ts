/** Part-B: enter or change the vehicle of a bill, with the e-way bill system's reason code. */
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import type { RegimeOperation } from '../../../compliance';
import type { EwaybillProvider } from '../ewaybill-types';
import { billOf, ewbNoOf, validityChange, withoutBill } from './active-bill';
import { codeText, VehicleMovementRequest } from './movement-origin.request';

/** The e-way bill system's reasons for entering or changing the vehicle (Part-B). */
export const PART_B_REASONS: Readonly<Record<string, string>> = {
  '1': 'due to break down',
  '2': 'due to transhipment',
  '3': 'others',
  '4': 'first time',
};

export class PartBRequest extends VehicleMovementRequest {
  @Transform(codeText)
  @IsIn(Object.keys(PART_B_REASONS))
  reasonCode!: string;

  @IsString()
  @Length(1, 50)
  reasonRemark!: string;

  /** R regular, O over-dimensional cargo. */
  @IsOptional()
  @IsIn(['R', 'O'])
  vehicleType?: 'R' | 'O';
}

export const PART_B_OPERATION: RegimeOperation<EwaybillProvider, PartBRequest> = {
  name: 'part-b',
  summary: 'Enter or change the vehicle (Part-B) with a reason code; the validity starts or is recomputed',
  auditAction: 'ewaybill-part-b',
  reasons: PART_B_REASONS,
  requestClass: PartBRequest,
  targets: 'one',
  refusal: (targets) => withoutBill(targets),
  details: ([target], request) => ({
    ewbNo: ewbNoOf(target),
    vehicleNo: request.vehicleNo,
    reasonCode: request.reasonCode,
  }),
  async run({ provider, targets: [target], request }) {
    const updated = await provider.updatePartB({
      ewbNo: billOf(target),
      vehicleNo: request.vehicleNo,
      fromPlace: request.fromPlace,
      fromState: request.fromState,
      reasonCode: request.reasonCode,
      reasonRem: request.reasonRemark,
      transMode: request.transMode,
      transDocNo: request.transDocNo,
      transDocDate: request.transDocDate,
      vehicleType: request.vehicleType,
    });
    return {
      updates: [
        {
          submissionId: target.submissionId,
          identifiers: validityChange(updated.validUpto),
          details: { validUpto: updated.validUpto ?? null, updatedAt: updated.updatedAt ?? null },
        },
      ],
    };
  },
};
