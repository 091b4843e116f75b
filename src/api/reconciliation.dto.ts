import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
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
import { MATCH_CATEGORIES } from '../reconciliation/matching';

export const MATCH_CATEGORY_NAMES: readonly string[] = MATCH_CATEGORIES;

export class RunsQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @Matches(/^[0-9]{2}[0-9A-Z]{13}$/)
  gstin?: string;

  @ApiPropertyOptional({ description: 'MMYYYY' })
  @IsOptional()
  @Matches(/^(0[1-9]|1[0-2])\d{4}$/)
  period?: string;

  @ApiPropertyOptional({ type: 'integer', default: 50, minimum: 1, maximum: 500 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit = 50;
}

export class ReportQuery {
  @ApiPropertyOptional({ enum: MATCH_CATEGORY_NAMES })
  @IsOptional()
  @IsIn(MATCH_CATEGORY_NAMES)
  category?: string;
}

export class ReportPageQuery extends ReportQuery {
  @ApiPropertyOptional({ default: 500, maximum: 5000, description: 'matches per page' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5000)
  limit?: number;

  @ApiPropertyOptional({ description: "the previous page's nextCursor" })
  @IsOptional()
  @IsString()
  @Length(1, 400)
  cursor?: string;
}

export class SuppliersQuery {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'only suppliers with something still open (statements to send)',
  })
  @IsOptional()
  @IsIn(['true', 'false'])
  open?: 'true' | 'false';
}

export class OperatorNoteDto {
  @ApiProperty({ description: 'who is acting (audited)' })
  @IsString()
  @Length(1, 100)
  operator!: string;

  @ApiPropertyOptional({ description: 'why (audited)' })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

/** A run: who asks, and optionally the purchase bill dates to read instead of the 2B month and its look-back. */
export class RunDto extends OperatorNoteDto {
  @ApiPropertyOptional({
    description:
      'first purchase bill date read (YYYY-MM-DD); default: the first day of the 2B month less reconciliation.purchaseLookBackMonths',
    example: '2026-07-01',
  })
  @ValidateIf((dto: RunDto) => dto.purchasesTo !== undefined || dto.purchasesFrom !== undefined)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'purchasesFrom must be YYYY-MM-DD, and given with purchasesTo' })
  purchasesFrom?: string;

  @ApiPropertyOptional({
    description: 'last purchase bill date read (YYYY-MM-DD); default: the last day of the 2B month',
    example: '2026-10-31',
  })
  @ValidateIf((dto: RunDto) => dto.purchasesTo !== undefined || dto.purchasesFrom !== undefined)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'purchasesTo must be YYYY-MM-DD, and given with purchasesFrom' })
  purchasesTo?: string;
}

export class MatchActionDto extends OperatorNoteDto {
  @ApiProperty({ enum: ['accept', 'ignore', 'unlink'] })
  @IsIn(['accept', 'ignore', 'unlink'])
  action!: 'accept' | 'ignore' | 'unlink';

  @ApiProperty({ type: [String], description: 'match ids (bulk: up to 5,000)' })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(5000)
  @IsUUID('all', { each: true })
  matchIds!: string[];
}

export class LinkDto extends OperatorNoteDto {
  @ApiProperty()
  @IsUUID()
  purchaseId!: string;

  @ApiProperty()
  @IsUUID()
  gstr2bId!: string;
}

export class SubmitOtpDto {
  @ApiProperty({ description: 'the OTP the GST system sent to the taxpayer' })
  @Matches(/^\d{4,8}$/, { message: 'otp must be 4 to 8 digits' })
  otp!: string;

  @ApiProperty({ description: 'who is acting (audited)' })
  @IsString()
  @Length(1, 100)
  operator!: string;
}
