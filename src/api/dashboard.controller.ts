import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { DashboardService } from '../sync';
import { DashboardQuery } from './dashboard.dto';

@ApiTags('dashboard')
@ApiSecurity('api-key')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiOperation({
    summary:
      "Today's and this month's sales documents (by document date in timeZone) per seller GSTIN / VAT number, regime and state, with values as decimal text per currency; the oldest pending document; providers pacing, refusing (429) or with an open circuit; connectors down",
  })
  read(@Query() query: DashboardQuery) {
    return this.dashboard.read(query.timeZone);
  }
}
