import { BadRequestException, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../../api';
import { RejectedIrnFetchResponse, RejectedIrnListResponse } from './rejected-irn.response';
import { parseIrpDay, type IrpDay, RejectedIrnsService } from '../services';

@ApiTags('einvoice')
@ApiSecurity('api-key')
@ApiErrors(401)
@Controller('einvoice/rejected-irns')
export class RejectedIrnsController {
  constructor(private readonly rejected: RejectedIrnsService) {}

  @Get()
  @ApiOperation({
    summary:
      'Documents the IRP lists as rejected on a day (GETREJECTEDIRNS), matched to ours or marked unmatched',
  })
  @ApiQuery({ name: 'date', type: String, description: 'IST day, dd/mm/yyyy or yyyy-mm-dd' })
  @ApiOkResponse({ type: RejectedIrnListResponse })
  @ApiErrors(400)
  async list(@Query('date') date: unknown) {
    const items = await this.rejected.list(dayOf(date));
    return { items, unmatched: items.filter((item) => !item.matched).length };
  }

  @Post('fetch')
  @HttpCode(200)
  @ApiOperation({ summary: "Fetch the IRP's rejected-IRN list for a day now, for every e-invoice instance" })
  @ApiQuery({ name: 'date', type: String, description: 'IST day, dd/mm/yyyy or yyyy-mm-dd' })
  @ApiQuery({ name: 'operator', type: String, required: false, description: 'who fetches (audited)' })
  @ApiOkResponse({ type: RejectedIrnFetchResponse })
  @ApiErrors(400)
  async fetch(@Query('date') date: unknown, @Query('operator') operator: unknown) {
    const day = dayOf(date);
    const actor = `operator:${typeof operator === 'string' && operator ? operator : 'api'}`;
    return { date: day.nic, sources: await this.rejected.fetchDay(day, actor) };
  }
}

function dayOf(value: unknown): IrpDay {
  const day = parseIrpDay(value);
  if ('error' in day) throw new BadRequestException(day.error);
  return day;
}
