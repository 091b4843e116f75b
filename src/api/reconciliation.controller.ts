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
import {
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiSecurity,
  ApiTags,
  ApiExtraModels,
} from '@nestjs/swagger';
import { ApiErrors } from './responses/api-errors.decorator';
import {
  CategoryTotalResponse,
  LinkResultResponse,
  MatchActionResultResponse,
  ReconciledGstinResponse,
  ReconciliationReportResponse,
  RecoRunResponse,
  RunOutcomeResponse,
  SupplierTotalResponse,
} from './responses/reconciliation.response';
import {
  Gstr2bImportService,
  ReconciledGstinsService,
  ReconciliationActionsService,
  ReconciliationExportService,
  ReconciliationReportService,
  ReconciliationService,
  XLSX_TYPE,
} from '../reconciliation';
import {
  LinkDto,
  MatchActionDto,
  RunDto,
  ReportPageQuery,
  ReportQuery,
  RunsQuery,
  SuppliersQuery,
} from './reconciliation.dto';
import { GstinPeriodParams, SupplierStatementParams } from './reconciliation.params';

@ApiTags('reconciliation')
@ApiExtraModels(CategoryTotalResponse)
@ApiSecurity('api-key')
@ApiErrors(401)
@Controller('reconciliation')
export class ReconciliationController {
  constructor(
    private readonly reconciliation: ReconciliationService,
    private readonly actions: ReconciliationActionsService,
    private readonly reports: ReconciliationReportService,
    private readonly imports: Gstr2bImportService,
    private readonly exports: ReconciliationExportService,
    private readonly gstins: ReconciledGstinsService,
  ) {}

  @Get('gstins')
  @ApiOperation({ summary: 'GSTINs configured for reconciliation, with the periods they have runs of' })
  @ApiOkResponse({ type: [ReconciledGstinResponse] })
  configuredGstins() {
    return this.gstins.list();
  }

  @Get('runs')
  @ApiOperation({ summary: 'Reconciliation runs (scheduled, operator, import), newest first' })
  @ApiOkResponse({ type: [RecoRunResponse] })
  @ApiErrors(400)
  runs(@Query() query: RunsQuery) {
    return this.reports.runs(query);
  }

  @Post(':gstin/:period/run')
  @HttpCode(200)
  @ApiOperation({ summary: 'Fetch GSTR-2B, pull purchases and reconcile now (keeps operator decisions)' })
  @ApiOkResponse({ type: RunOutcomeResponse })
  @ApiErrors(400, 404, 409, 502, 503, 504)
  run(@Param() params: GstinPeriodParams, @Body() body: RunDto) {
    const purchases =
      body.purchasesFrom && body.purchasesTo ? { from: body.purchasesFrom, to: body.purchasesTo } : undefined;
    return this.reconciliation.run(params.gstin, params.period, `operator:${body.operator}`, undefined, {
      purchases,
    });
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
  @ApiQuery({ name: 'operator', type: String, required: false, description: 'who imports (audited)' })
  @ApiOkResponse({ type: RunOutcomeResponse })
  @ApiErrors(400, 404, 413)
  importGstr2b(
    @Param('gstin') gstin: string,
    @Query('operator') operator: string | undefined,
    @Req() request: Request,
  ) {
    // The body is not parsed by the global JSON parser (takesStreamedBody): it is read here, after auth.
    return this.imports.importStream(gstin, request, `import:${operator ?? 'api'}`);
  }

  @Get(':gstin/:period')
  @ApiOperation({
    summary:
      'Report, one page of matches (limit, cursor: nextCursor) with totals per category and ITC at stake, unreadable purchases',
  })
  @ApiOkResponse({ type: ReconciliationReportResponse })
  @ApiErrors(400)
  report(@Param() params: GstinPeriodParams, @Query() query: ReportPageQuery) {
    return this.reports.report(params.gstin, params.period, query);
  }

  @Get(':gstin/:period/suppliers')
  @ApiOperation({
    summary: 'Per-supplier summary: documents per category, tax in books and 2B, ITC at stake, open rows',
  })
  @ApiOkResponse({ type: [SupplierTotalResponse] })
  @ApiErrors(400)
  suppliers(@Param() params: GstinPeriodParams, @Query() query: SuppliersQuery) {
    return this.reports.suppliers(params.gstin, params.period, query.open === 'true');
  }

  @Get(':gstin/:period/export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The report as CSV, streamed (cells neutralised against spreadsheet formulas)' })
  @ApiOkResponse({ content: { ['text/csv']: { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(400)
  csv(@Param() params: GstinPeriodParams, @Query() query: ReportQuery): StreamableFile {
    return new StreamableFile(this.exports.reportCsv(params.gstin, params.period, query.category), {
      disposition: `attachment; filename="reconciliation-${params.gstin}-${params.period}.csv"`,
    });
  }

  @Get(':gstin/:period/export.xlsx')
  @Header('content-type', XLSX_TYPE)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'The report as an XLSX workbook, streamed (cells neutralised against spreadsheet formulas)',
  })
  @ApiOkResponse({ content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(400)
  xlsx(@Param() params: GstinPeriodParams, @Query() query: ReportQuery): StreamableFile {
    return new StreamableFile(this.exports.reportXlsx(params.gstin, params.period, query.category), {
      disposition: `attachment; filename="reconciliation-${params.gstin}-${params.period}.xlsx"`,
    });
  }

  @Get(':gstin/:period/statements.xlsx')
  @Header('content-type', XLSX_TYPE)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Supplier follow-up: one sheet per supplier with what is missing or mismatched, to send them',
  })
  @ApiOkResponse({ content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(400)
  statements(@Param() params: GstinPeriodParams): StreamableFile {
    return new StreamableFile(this.exports.statementXlsx(params.gstin, params.period), {
      disposition: `attachment; filename="supplier-statements-${params.gstin}-${params.period}.xlsx"`,
    });
  }

  @Get(':gstin/:period/suppliers/:supplier/statement.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: "One supplier's statement (what is missing or mismatched) as CSV" })
  @ApiOkResponse({ content: { ['text/csv']: { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(400)
  statementCsv(@Param() params: SupplierStatementParams): StreamableFile {
    return new StreamableFile(this.exports.statementCsv(params.gstin, params.period, params.supplier), {
      disposition: `attachment; filename="statement-${params.supplier}-${params.period}.csv"`,
    });
  }

  @Get(':gstin/:period/suppliers/:supplier/statement.xlsx')
  @Header('content-type', XLSX_TYPE)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: "One supplier's statement (what is missing or mismatched) as XLSX" })
  @ApiOkResponse({ content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(400)
  statementXlsx(@Param() params: SupplierStatementParams): StreamableFile {
    return new StreamableFile(this.exports.statementXlsx(params.gstin, params.period, params.supplier), {
      disposition: `attachment; filename="statement-${params.supplier}-${params.period}.xlsx"`,
    });
  }

  @Post('matches/actions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept, ignore or unlink matches (bulk); audited' })
  @ApiOkResponse({ type: [MatchActionResultResponse] })
  @ApiErrors(400, 404)
  act(@Body() body: MatchActionDto) {
    return this.actions.act(body.action, body.matchIds, { operator: body.operator, reason: body.reason });
  }

  @Post('matches/link')
  @HttpCode(200)
  @ApiOperation({ summary: 'Link a purchase and a GSTR-2B document by hand; audited' })
  @ApiOkResponse({ type: LinkResultResponse })
  @ApiErrors(400, 404)
  link(@Body() body: LinkDto) {
    return this.actions.link(body.purchaseId, body.gstr2bId, {
      operator: body.operator,
      reason: body.reason,
    });
  }
}
