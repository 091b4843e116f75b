/** Request fields shared by the e-way bill operations that move or re-route the goods. */
import { Type } from 'class-transformer';
import { IsInt, IsString, Length, Max, Min } from 'class-validator';

export const TRANS_MODES = ['1', '2', '3', '4'];
export const VEHICLE = /^[A-Z0-9]{7,15}$/;
export const VEHICLE_MESSAGE = 'vehicleNo must be 7-15 letters and digits, e.g. KA01AB1234';
export const DAY = /^[0-3][0-9]\/[01][0-9]\/[0-9]{4}$/;
export const upper = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;
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
