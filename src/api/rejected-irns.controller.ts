import { BadRequestException, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { parseIrpDay, type IrpDay, RejectedIrnsService } from '../sync';

@ApiTags('einvoice')
@ApiSecurity('api-key')
@Controller('einvoice/rejected-irns')
export class RejectedIrnsController {
  constructor(private readonly rejected: RejectedIrnsService) {}

  @Get()
  @ApiOperation({
    summary:
      'Documents the IRP lists as rejected on a day (GETREJECTEDIRNS), matched to ours or marked unmatched',
  })
  @ApiQuery({ name: 'date', description: 'IST day, dd/mm/yyyy or yyyy-mm-dd' })
  async list(@Query('date') date: unknown) {
    const items = await this.rejected.list(dayOf(date));
    return { items, unmatched: items.filter((item) => !item.matched).length };
  }

  @Post('fetch')
  @HttpCode(200)
  @ApiOperation({ summary: "Fetch the IRP's rejected-IRN list for a day now, for every e-invoice instance" })
  @ApiQuery({ name: 'date', description: 'IST day, dd/mm/yyyy or yyyy-mm-dd' })
  @ApiQuery({ name: 'operator', required: false })
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
