/** Request bodies of the e-way bill operations, validated field by field (400 with path, value, rule). */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { OperatorActionDto } from './dto';

const TRANS_MODES = ['1', '2', '3', '4'];
const VEHICLE = /^[A-Z0-9]{7,15}$/;
const GSTIN = /^[0-9]{2}[0-9A-Z]{13}$/;
const DAY = /^[0-3][0-9]\/[01][0-9]\/[0-9]{4}$/;
const upper = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;
const text = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** Where the goods move from: every operation that moves or re-routes them names it. */
class MovementOriginDto extends OperatorActionDto {
  @ApiProperty({ description: 'where the vehicle starts from' })
  @IsString()
  @Length(1, 50)
  fromPlace!: string;

  @ApiProperty({ description: 'GST state code of fromPlace', minimum: 1, maximum: 99 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(99)
  fromState!: number;
}

export class PartBRequestDto extends MovementOriginDto {
  @ApiProperty({ example: 'KA01AB1234' })
  @Transform(upper)
  @Matches(VEHICLE, { message: 'vehicleNo must be 7-15 letters and digits, e.g. KA01AB1234' })
  vehicleNo!: string;

  @ApiProperty({
    enum: ['1', '2', '3', '4'],
    description: '1 break down, 2 transhipment, 3 others, 4 first time',
  })
  @Transform(text)
  @IsIn(['1', '2', '3', '4'])
  reasonCode!: string;

  @ApiProperty({ maxLength: 50 })
  @IsString()
  @Length(1, 50)
  reasonRemark!: string;

  @ApiProperty({ enum: TRANS_MODES, description: '1 road, 2 rail, 3 air, 4 ship' })
  @Transform(text)
  @IsIn(TRANS_MODES)
  transMode!: string;

  @ApiPropertyOptional({ maxLength: 15 })
  @IsOptional()
  @IsString()
  @Length(1, 15)
  transDocNo?: string;

  @ApiPropertyOptional({ description: 'dd/mm/yyyy' })
  @IsOptional()
  @Matches(DAY, { message: 'transDocDate must be dd/mm/yyyy' })
  transDocDate?: string;

  @ApiPropertyOptional({ enum: ['R', 'O'], description: 'R regular, O over-dimensional cargo' })
  @IsOptional()
  @IsIn(['R', 'O'])
  vehicleType?: 'R' | 'O';
}

export class TransporterRequestDto extends OperatorActionDto {
  @ApiProperty({ description: 'GSTIN or TRANSIN of the transporter' })
  @Transform(upper)
  @Matches(GSTIN, { message: 'transporterId must be a 15-character GSTIN or TRANSIN' })
  transporterId!: string;
}

export class ExtendRequestDto extends MovementOriginDto {
  @ApiProperty({ description: 'km still to go; not more than the bill distance', minimum: 1, maximum: 4000 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(4000)
  remainingDistanceKm!: number;

  @ApiProperty({
    enum: ['1', '2', '4', '5', '99'],
    description: '1 natural calamity, 2 law and order, 4 transhipment, 5 accident, 99 others',
  })
  @Transform(text)
  @IsIn(['1', '2', '4', '5', '99'])
  reasonCode!: string;

  @ApiProperty({ maxLength: 50 })
  @IsString()
  @Length(1, 50)
  remark!: string;

  @ApiProperty({ minimum: 100000, maximum: 999999 })
  @Type(() => Number)
  @IsInt()
  @Min(100000)
  @Max(999999)
  fromPincode!: number;

  @ApiProperty({ enum: ['M', 'T'], description: 'M in movement, T in transit' })
  @IsIn(['M', 'T'])
  consignmentStatus!: 'M' | 'T';

  @ApiPropertyOptional({ description: 'required in movement by road' })
  @ValidateIf((body: ExtendRequestDto) => body.consignmentStatus === 'M' && (body.transMode ?? '1') === '1')
  @Transform(upper)
  @Matches(VEHICLE, { message: 'vehicleNo must be 7-15 letters and digits, e.g. KA01AB1234' })
  vehicleNo?: string;

  @ApiPropertyOptional({ enum: TRANS_MODES })
  @IsOptional()
  @Transform(text)
  @IsIn(TRANS_MODES)
  transMode?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 15)
  transDocNo?: string;

  @ApiPropertyOptional({ description: 'dd/mm/yyyy' })
  @IsOptional()
  @Matches(DAY, { message: 'transDocDate must be dd/mm/yyyy' })
  transDocDate?: string;

  @ApiPropertyOptional({ enum: ['R', 'W', 'O'], description: 'in transit: R road, W warehouse, O others' })
  @ValidateIf((body: ExtendRequestDto) => body.consignmentStatus === 'T')
  @IsIn(['R', 'W', 'O'])
  transitType?: 'R' | 'W' | 'O';

  @ApiPropertyOptional()
  @ValidateIf((body: ExtendRequestDto) => body.consignmentStatus === 'T')
  @IsString()
  @Length(1, 120)
  addressLine1?: string;

  @ApiPropertyOptional()
  @ValidateIf((body: ExtendRequestDto) => body.consignmentStatus === 'T')
  @IsString()
  @Length(1, 120)
  addressLine2?: string;

  @ApiPropertyOptional()
  @ValidateIf((body: ExtendRequestDto) => body.consignmentStatus === 'T')
  @IsString()
  @Length(1, 120)
  addressLine3?: string;
}

export class EwaybillCancelRequestDto extends OperatorActionDto {
  @ApiProperty({
    enum: ['1', '2', '3', '4'],
    description: "1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others (not the e-invoice's order)",
  })
  @Transform(text)
  @IsIn(['1', '2', '3', '4'])
  reasonCode!: string;

  @ApiProperty({ maxLength: 50 })
  @IsString()
  @Length(1, 50)
  remark!: string;
}

export class ConsolidateRequestDto extends MovementOriginDto {
  @ApiProperty({ type: [String], description: 'submissions (regime in-ewaybill) moving on the vehicle' })
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  submissionIds!: string[];

  @ApiProperty()
  @Transform(upper)
  @Matches(VEHICLE, { message: 'vehicleNo must be 7-15 letters and digits, e.g. KA01AB1234' })
  vehicleNo!: string;

  @ApiProperty({ enum: TRANS_MODES })
  @Transform(text)
  @IsIn(TRANS_MODES)
  transMode!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 15)
  transDocNo?: string;

  @ApiPropertyOptional({ description: 'dd/mm/yyyy' })
  @IsOptional()
  @Matches(DAY, { message: 'transDocDate must be dd/mm/yyyy' })
  transDocDate?: string;
}

export class ExpiringQuery {
  @ApiPropertyOptional({ default: 8, minimum: 1, maximum: 720 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(720)
  withinHours = 8;

  @ApiPropertyOptional({ description: 'connector instance name or id' })
  @IsOptional()
  @IsString()
  connector?: string;
}
