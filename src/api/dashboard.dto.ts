import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsTimeZone } from 'class-validator';

/** GET /dashboard: the time zone whose "today" and "this month" count. */
export class DashboardQuery {
  @ApiPropertyOptional({
    default: 'Asia/Kolkata',
    description: 'IANA time zone of the business (Asia/Kolkata, Asia/Riyadh): which dates are today',
  })
  @IsOptional()
  @IsTimeZone()
  timeZone = 'Asia/Kolkata';
}
