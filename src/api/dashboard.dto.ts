import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsTimeZone } from 'class-validator';

/** GET /dashboard: the time zone whose "today" and "this month" count. */
export class DashboardQuery {
  @ApiPropertyOptional({
    type: String,
    example: 'Asia/Kolkata',
    description:
      "IANA time zone whose dates are today and this month (Asia/Kolkata, Asia/Riyadh); default: the business's, server.timeZone",
  })
  @IsOptional()
  @IsTimeZone()
  timeZone?: string;
}
