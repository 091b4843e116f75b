import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../config';
import { DashboardService } from '../sync';
import { DashboardQuery } from './dashboard.dto';
import { ApiErrors } from './responses/api-errors.decorator';
import { DashboardResponse } from './responses/dashboard.response';

@ApiTags('dashboard')
@ApiSecurity('api-key')
@Controller('dashboard')
export class DashboardController {
  constructor(
    private readonly dashboard: DashboardService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "Today's and this month's sales documents (by document date in timeZone) per seller GSTIN / VAT number, regime and state, with values as decimal text per currency; the oldest pending document; providers pacing, refusing (429) or with an open circuit; connectors down",
  })
  @ApiOkResponse({ type: DashboardResponse })
  @ApiErrors(400, 401)
  read(@Query() query: DashboardQuery) {
    return this.dashboard.read(query.timeZone ?? this.config.server.timeZone);
  }
}
