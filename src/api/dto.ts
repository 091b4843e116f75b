import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  Matches,
  IsISO8601,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { SUBMISSION_ERROR_CLASSES, REGIME_NAME_PATTERN, REGISTERED_REGIME, SubmissionState } from '../domain';

const STATES = Object.values(SubmissionState);
const MAX_OFFSET = 1_000_000_000;
const ERROR_CLASSES = SUBMISSION_ERROR_CLASSES;

export class PageQuery {
  @ApiPropertyOptional({ type: 'integer', default: 50, minimum: 1, maximum: 500 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit = 50;

  /** PostgreSQL's OFFSET is a bigint: a larger number (1e20 is an integer too) failed the query. */
  @ApiPropertyOptional({ type: 'integer', default: 0, minimum: 0, maximum: MAX_OFFSET })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_OFFSET)
  offset = 0;
}

export class SubmissionFilterDto {
  @ApiPropertyOptional({
    description: 'only the failure queue: MAPPING_FAILED, REJECTED and WRITEBACK_FAILED (with no state)',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  failing?: boolean;

  @ApiPropertyOptional({ enum: STATES })
  @IsOptional()
  @IsIn(STATES)
  state?: SubmissionState;

  @ApiPropertyOptional({ description: 'connector instance name' })
  @IsOptional()
  @IsString()
  connector?: string;

  @ApiPropertyOptional({ enum: ERROR_CLASSES })
  @IsOptional()
  @IsIn(ERROR_CLASSES)
  errorClass?: string;

  @ApiPropertyOptional({ enum: REGISTERED_REGIME })
  @IsOptional()
  @Matches(REGIME_NAME_PATTERN, { message: 'regime must be a regime name such as in-einvoice' })
  regime?: string;

  @ApiPropertyOptional({ description: 'document date from (YYYY-MM-DD)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ description: 'document date to (YYYY-MM-DD)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;
}

export class ListQuery extends PageQuery {
  @ApiPropertyOptional({ enum: STATES })
  @IsOptional()
  @IsIn(STATES)
  state?: SubmissionState;

  @ApiPropertyOptional({ description: 'connector instance name' })
  @IsOptional()
  @IsString()
  connector?: string;

  @ApiPropertyOptional({ enum: ERROR_CLASSES })
  @IsOptional()
  @IsIn(ERROR_CLASSES)
  errorClass?: string;

  @ApiPropertyOptional({ enum: REGISTERED_REGIME })
  @IsOptional()
  @Matches(REGIME_NAME_PATTERN, { message: 'regime must be a regime name such as in-einvoice' })
  regime?: string;

  @ApiPropertyOptional({ description: 'document date from (YYYY-MM-DD)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ description: 'document date to (YYYY-MM-DD)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  docNumber?: string;
}

/** GET /submissions: the list's filters, and the failure queue as one of them. */
export class SubmissionListQuery extends ListQuery {
  @ApiPropertyOptional({
    description: 'only the failure queue: MAPPING_FAILED, REJECTED and WRITEBACK_FAILED (with no state)',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  failing?: boolean;
}

/** GET /documents: the list's filters and a search. */
export class DocumentListQuery extends ListQuery {
  @ApiPropertyOptional({
    description: 'search: an invoice number (its beginning, any case), a buyer GSTIN / VAT number, or an IRN',
    maxLength: 100,
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;
}

export class OperatorActionDto {
  @ApiProperty({ description: 'who is acting (audited)' })
  @IsString()
  @Length(1, 100)
  operator!: string;

  @ApiProperty({ description: 'why (audited)' })
  @IsString()
  @Length(3, 500)
  reason!: string;
}

export class RetryRequestDto extends OperatorActionDto {
  @ApiPropertyOptional({ type: [String], description: 'submission ids' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  ids?: string[];

  @ApiPropertyOptional({ type: SubmissionFilterDto, description: 'or every submission matching this filter' })
  @IsOptional()
  @ValidateNested()
  @Type(() => SubmissionFilterDto)
  filter?: SubmissionFilterDto;
}

export class OverrideRequestDto extends OperatorActionDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'canonical field path -> new value, e.g. {"buyer.gstin": "29..."}; null removes',
  })
  // Taken as sent: class-transformer's copy drops keys such as "toString" that the check must see.
  @Transform(({ obj }: { obj: { overrides?: unknown } }) => obj.overrides)
  @IsObject()
  overrides!: Record<string, unknown>;
}

export class CancelRequestDto extends OperatorActionDto {
  @ApiProperty({
    enum: ['1', '2', '3', '4'],
    description:
      "the authority's reason code: IRN 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others; e-way bill 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others",
  })
  @IsIn(['1', '2', '3', '4'])
  reasonCode!: string;

  @ApiProperty({ maxLength: 100 })
  @IsString()
  @Length(1, 100)
  remark!: string;
}
