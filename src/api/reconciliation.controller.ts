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
  ReconciliationExportService,
  ReconciliationReportService,
  ReconciliationService,
  XLSX_TYPE,
} from '../sync/reconciliation';
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
@ApiSecurity('api-key')
@Controller('reconciliation')
export class ReconciliationController {
  constructor(
    private readonly reconciliation: ReconciliationService,
    private readonly actions: ReconciliationActionsService,
    private readonly reports: ReconciliationReportService,
    private readonly imports: Gstr2bImportService,
    private readonly exports: ReconciliationExportService,
  ) {}

  @Get('runs')
  @ApiOperation({ summary: 'Reconciliation runs (scheduled, operator, import), newest first' })
  runs(@Query() query: RunsQuery) {
    return this.reports.runs(query);
  }

  @Post(':gstin/:period/run')
  @HttpCode(200)
  @ApiOperation({ summary: 'Fetch GSTR-2B, pull purchases and reconcile now (keeps operator decisions)' })
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
  report(@Param() params: GstinPeriodParams, @Query() query: ReportPageQuery) {
    return this.reports.report(params.gstin, params.period, query);
  }

  @Get(':gstin/:period/suppliers')
  @ApiOperation({
    summary: 'Per-supplier summary: documents per category, tax in books and 2B, ITC at stake, open rows',
  })
  suppliers(@Param() params: GstinPeriodParams, @Query() query: SuppliersQuery) {
    return this.reports.suppliers(params.gstin, params.period, query.open === 'true');
  }

  @Get(':gstin/:period/export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The report as CSV, streamed (cells neutralised against spreadsheet formulas)' })
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
  statements(@Param() params: GstinPeriodParams): StreamableFile {
    return new StreamableFile(this.exports.statementXlsx(params.gstin, params.period), {
      disposition: `attachment; filename="supplier-statements-${params.gstin}-${params.period}.xlsx"`,
    });
  }

  @Get(':gstin/:period/suppliers/:supplier/statement.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: "One supplier's statement (what is missing or mismatched) as CSV" })
  statementCsv(@Param() params: SupplierStatementParams): StreamableFile {
    return new StreamableFile(this.exports.statementCsv(params.gstin, params.period, params.supplier), {
      disposition: `attachment; filename="statement-${params.supplier}-${params.period}.csv"`,
    });
  }

  @Get(':gstin/:period/suppliers/:supplier/statement.xlsx')
  @Header('content-type', XLSX_TYPE)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: "One supplier's statement (what is missing or mismatched) as XLSX" })
  statementXlsx(@Param() params: SupplierStatementParams): StreamableFile {
    return new StreamableFile(this.exports.statementXlsx(params.gstin, params.period, params.supplier), {
      disposition: `attachment; filename="statement-${params.supplier}-${params.period}.xlsx"`,
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
