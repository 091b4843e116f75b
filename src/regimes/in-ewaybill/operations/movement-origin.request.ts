/** Request fields shared by the e-way bill operations that move or re-route the goods. */
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { normaliseVehicleNumber } from '../../../domain';

export const TRANS_MODES = ['1', '2', '3', '4'];
export const VEHICLE = /^[A-Z0-9]{7,15}$/;
export const VEHICLE_MESSAGE = 'vehicleNo must be 7-15 letters and digits, e.g. KA01AB1234';
export const DAY = /^[0-3][0-9]\/[01][0-9]\/[0-9]{4}$/;
export const upper = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;
/** A vehicle number normalised as the webhook's canonical invoice normalises it (`KA 01 AB-1234`). */
export const vehicleText = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? normaliseVehicleNumber(value.trim()) : value;
/** Codes the API takes as strings, also accepted as numbers. */
export const codeText = ({ value }: { value: unknown }): unknown =>
  typeof value === 'number' ? String(value) : value;

/** Where the goods move from: every operation that moves or re-routes them names it. */
export class MovementOriginRequest {
  /** Where the vehicle starts from. */
  @IsString()
  @Length(1, 50)
  fromPlace!: string;

  /** GST state code of fromPlace. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(99)
  fromState!: number;
}

/** A vehicle taking the goods on from the origin (Part-B, a consolidated bill), with its transport document. */
export class VehicleMovementRequest extends MovementOriginRequest {
  @Transform(vehicleText)
  @Matches(VEHICLE, { message: VEHICLE_MESSAGE })
  vehicleNo!: string;

  /** 1 road, 2 rail, 3 air, 4 ship. */
  @Transform(codeText)
  @IsIn(TRANS_MODES)
  transMode!: string;

  @IsOptional()
  @IsString()
  @Length(1, 15)
  transDocNo?: string;

  @IsOptional()
  @Matches(DAY, { message: 'transDocDate must be dd/mm/yyyy' })
  transDocDate?: string;
}
