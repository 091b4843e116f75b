/**
 * Extends a bill's validity: only from 8 hours before to 8 hours after it ends (382 otherwise) and not
 * before Part-B gave it one (381), refused here with the e-way bill system's codes before asking.
 */
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min, ValidateIf } from 'class-validator';
import type { ExtendValidityRequest, EwaybillProvider } from '../ewaybill-types';
import type { OperationTarget, RegimeOperation } from '../../../compliance';
import { billOf, ewbNoOf, validityChange, withoutBill } from './active-bill';
import { extensionWindow, istText, parseEwaybillTime } from './ewaybill-times';
import {
  codeText,
  DAY,
  MovementOriginRequest,
  TRANS_MODES,
  vehicleText,
  VEHICLE,
  VEHICLE_MESSAGE,
} from './movement-origin.request';

/** The e-way bill system's reasons for extending a bill's validity. */
export const EXTEND_REASONS: Readonly<Record<string, string>> = {
  '1': 'natural calamity',
  '2': 'law and order situation',
  '4': 'transhipment',
  '5': 'accident',
  '99': 'others',
};

export class ExtendRequest extends MovementOriginRequest {
  /** km still to go; not more than the bill distance. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(4000)
  remainingDistanceKm!: number;

  @Transform(codeText)
  @IsIn(Object.keys(EXTEND_REASONS))
  reasonCode!: string;

  @IsString()
  @Length(1, 50)
  remark!: string;

  @Type(() => Number)
  @IsInt()
  @Min(100000)
  @Max(999999)
  fromPincode!: number;

  /** M in movement (vehicle and mode), T in transit (transit type and address). */
  @IsIn(['M', 'T'])
  consignmentStatus!: 'M' | 'T';

  /** Required in movement by road. */
  @ValidateIf((body: ExtendRequest) => body.consignmentStatus === 'M' && (body.transMode ?? '1') === '1')
  @Transform(vehicleText)
  @Matches(VEHICLE, { message: VEHICLE_MESSAGE })
  vehicleNo?: string;

  @IsOptional()
  @Transform(codeText)
  @IsIn(TRANS_MODES)
  transMode?: string;

  @IsOptional()
  @IsString()
  @Length(1, 15)
  transDocNo?: string;

  @IsOptional()
  @Matches(DAY, { message: 'transDocDate must be dd/mm/yyyy' })
  transDocDate?: string;

  /** In transit: R road, W warehouse, O others. */
  @ValidateIf((body: ExtendRequest) => body.consignmentStatus === 'T')
  @IsIn(['R', 'W', 'O'])
  transitType?: 'R' | 'W' | 'O';

  @ValidateIf((body: ExtendRequest) => body.consignmentStatus === 'T')
  @IsString()
  @Length(1, 120)
  addressLine1?: string;

  @ValidateIf((body: ExtendRequest) => body.consignmentStatus === 'T')
  @IsString()
  @Length(1, 120)
  addressLine2?: string;

  @ValidateIf((body: ExtendRequest) => body.consignmentStatus === 'T')
  @IsString()
  @Length(1, 120)
  addressLine3?: string;
}

const validUptoOf = (target: OperationTarget): string | undefined => target.identifiers.ewbValidUpto;

export const EXTEND_OPERATION: RegimeOperation<EwaybillProvider, ExtendRequest> = {
  name: 'extend',
  summary: 'Extend validity: only from 8 h before to 8 h after it ends (409 code 382 otherwise)',
  auditAction: 'ewaybill-extend',
  reasons: EXTEND_REASONS,
  requestClass: ExtendRequest,
  targets: 'one',
  refusal(targets, _request, now) {
    const missing = withoutBill(targets);
    if (missing) return missing;
    const [target] = targets;
    const until = parseEwaybillTime(validUptoOf(target));
    if (until === undefined) {
      return {
        code: '381',
        message: `e-way bill ${ewbNoOf(target)} has no validity yet (Part-A only): enter Part-B first`,
      };
    }
    const window = extensionWindow(until, now);
    if (window.open) return undefined;
    const when = window.opensAtMs
      ? `opens ${istText(window.opensAtMs)}`
      : `closed ${istText(window.closedAtMs!)}`;
    return {
      code: '382',
      message: `e-way bill ${ewbNoOf(target)} can be extended only from 8 hours before to 8 hours after its validity ends (${istText(until)}): the window ${when}`,
    };
  },
  details: ([target], request) => ({
    ewbNo: ewbNoOf(target),
    remainingDistanceKm: request.remainingDistanceKm,
    reasonCode: request.reasonCode,
    previousValidUpto: validUptoOf(target) ?? null,
  }),
  async run({ provider, targets: [target], request }) {
    const extension: ExtendValidityRequest = {
      ewbNo: billOf(target),
      vehicleNo: request.vehicleNo,
      fromPlace: request.fromPlace,
      fromState: request.fromState,
      fromPincode: request.fromPincode,
      remainingDistance: request.remainingDistanceKm,
      transMode: request.transMode ?? '1',
      transDocNo: request.transDocNo,
      transDocDate: request.transDocDate,
      extnRsnCode: request.reasonCode,
      extnRemarks: request.remark,
      consignmentStatus: request.consignmentStatus,
      transitType: request.transitType,
      ...(request.consignmentStatus === 'T'
        ? {
            addressLine1: request.addressLine1,
            addressLine2: request.addressLine2,
            addressLine3: request.addressLine3,
          }
        : {}),
    };
    const extended = await provider.extendValidity(extension);
    return {
      updates: [
        {
          submissionId: target.submissionId,
          identifiers: validityChange(extended.validUpto),
          details: { validUpto: extended.validUpto ?? null },
        },
      ],
    };
  },
};
