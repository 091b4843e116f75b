import type { Request } from 'express';
import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  StreamableFile,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  Gstr2bImportService,
  ReconciliationActionsService,
  ReconciliationReportService,
  ReconciliationService,
} from '../sync/reconciliation';
import { LinkDto, MatchActionDto, OperatorNoteDto, ReportQuery, RunsQuery } from './reconciliation.dto';
import { ReconciliationRepository } from '../database/repositories';
import { GstinPeriodParams } from './reconciliation.params';

@ApiTags('reconciliation')
@ApiSecurity('api-key')
@Controller('reconciliation')
export class ReconciliationController {
  constructor(
    private readonly reconciliation: ReconciliationService,
    private readonly actions: ReconciliationActionsService,
    private readonly reports: ReconciliationReportService,
    private readonly repository: ReconciliationRepository,
    private readonly imports: Gstr2bImportService,
  ) {}

  @Get('runs')
  @ApiOperation({ summary: 'Reconciliation runs (scheduled, operator, import), newest first' })
  runs(@Query() query: RunsQuery) {
    return this.repository.runs(query);
  }

  @Post(':gstin/:period/run')
  @HttpCode(200)
  @ApiOperation({ summary: 'Fetch GSTR-2B, pull purchases and reconcile now (keeps operator decisions)' })
  run(@Param() params: GstinPeriodParams, @Body() body: OperatorNoteDto) {
    return this.reconciliation.run(params.gstin, params.period, `operator:${body.operator}`);
  }

  @Post(':gstin/import')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Import the GSTR-2B JSON downloaded from the GST portal, then reconcile its period',
  })
  @ApiBody({
    description: 'the portal file as is (application/json), up to 200 MB; read as it arrives',
    schema: { type: 'object' },
  })
  importGstr2b(
    @Param('gstin') gstin: string,
    @Query('operator') operator: string | undefined,
    @Req() request: Request,
  ) {
    // The body is not parsed by the global JSON parser (takesStreamedBody): it is read here, after auth.
    return this.imports.importStream(gstin, request, `import:${operator ?? 'api'}`);
  }

  @Get(':gstin/:period')
  @ApiOperation({ summary: 'Report: matches per category with ITC at stake, unreadable purchases' })
  report(@Param() params: GstinPeriodParams, @Query() query: ReportQuery) {
    return this.reports.report(params.gstin, params.period, query.category);
  }

  @Get(':gstin/:period/suppliers')
  @ApiOperation({
    summary: 'Per-supplier summary: documents per category, tax in books and 2B, ITC at stake',
  })
  suppliers(@Param() params: GstinPeriodParams) {
    return this.reports.suppliers(params.gstin, params.period);
  }

  @Get(':gstin/:period/export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The report as CSV (cells neutralised against spreadsheet formulas)' })
  async csv(@Param() params: GstinPeriodParams, @Query() query: ReportQuery): Promise<StreamableFile> {
    const file = await this.reports.csv(params.gstin, params.period, query.category);
    return new StreamableFile(file, {
      disposition: `attachment; filename="reconciliation-${params.gstin}-${params.period}.csv"`,
    });
  }

  @Get(':gstin/:period/export.xlsx')
  @Header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'The report as an XLSX workbook (cells neutralised against spreadsheet formulas)',
  })
  async xlsx(@Param() params: GstinPeriodParams, @Query() query: ReportQuery): Promise<StreamableFile> {
    const workbook = await this.reports.xlsx(params.gstin, params.period, query.category);
    return new StreamableFile(workbook, {
      disposition: `attachment; filename="reconciliation-${params.gstin}-${params.period}.xlsx"`,
    });
  }

  @Post('matches/actions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept, ignore or unlink matches (bulk); audited' })
  act(@Body() body: MatchActionDto) {
    return this.actions.act(body.action, body.matchIds, { operator: body.operator, reason: body.reason });
  }

  @Post('matches/link')
  @HttpCode(200)
  @ApiOperation({ summary: 'Link a purchase and a GSTR-2B document by hand; audited' })
  link(@Body() body: LinkDto) {
    return this.actions.link(body.purchaseId, body.gstr2bId, {
      operator: body.operator,
      reason: body.reason,
    });
  }
}
