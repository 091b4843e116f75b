/** The e-way bill expiring list's query (the operations' requests are the regime's own classes). */
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

export class ExpiringQuery {
  @ApiPropertyOptional({ type: 'integer', default: 8, minimum: 1, maximum: 720 })
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
