/**
 * The failure queue as a file: GET /exports/failures.csv or .xlsx with the queue's filters (state,
 * connector, errorClass, regime, from, to). Behind the API key like every data route.
 */
import { Controller, Get, Param, Query, Res, BadRequestException } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, connectorIdOf, ListQuery } from '../api';
import { FAILURE_STATES } from '../domain';
import { ConnectorRuntimeService, OperatorService } from '../sync';
import { failuresCsv, failuresXlsx } from './export/failure-export';
import { failureRows, type FailedSubmission } from './export/failure-rows';

/** Rows per export; a larger queue is narrowed with filters first. */
export const EXPORT_LIMIT = 50_000;
const PAGE = 1_000;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

@ApiTags('exports')
@ApiSecurity('api-key')
@ApiErrors(401)
@Controller('exports')
export class FailureExportController {
  constructor(
    private readonly operator: OperatorService,
    private readonly connectors: ConnectorRuntimeService,
  ) {}

  @Get('failures.:format')
  @ApiOperation({ summary: 'The failure queue (filters as GET /submissions) as CSV or XLSX' })
  @ApiParam({ name: 'format', enum: Object.keys(CONTENT_TYPES) })
  @ApiOkResponse({
    description: 'the file, as an attachment',
    content: {
      [CONTENT_TYPES.csv]: { schema: { type: 'string', format: 'binary' } },
      [CONTENT_TYPES.xlsx]: { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiErrors(400)
  async failures(@Param('format') format: string, @Query() query: ListQuery, @Res() response: Response) {
    const contentType = CONTENT_TYPES[format];
    if (!contentType) throw new BadRequestException(`format must be csv or xlsx, not ${format}`);
    if (query.state && !(FAILURE_STATES as readonly string[]).includes(query.state))
      throw new BadRequestException(
        `state must be one of ${FAILURE_STATES.join(', ')} for the failure queue`,
      );
    const submissions = await this.failedSubmissions(query);
    const documents = await this.operator.findDocuments([...new Set(submissions.map((s) => s.documentId))]);
    const names = new Map(this.connectors.list().map((c) => [c.id, c.name]));
    const rows = failureRows(submissions, documents, (id) => names.get(id) ?? id);
    const body = format === 'csv' ? failuresCsv(rows) : await failuresXlsx(rows);
    response.set({
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="failures.${format}"`,
      'Cache-Control': 'no-store',
    });
    response.status(200).send(body);
  }

  private async failedSubmissions(query: ListQuery): Promise<FailedSubmission[]> {
    const states: readonly string[] = query.state ? [query.state] : FAILURE_STATES;
    const filter = {
      regime: query.regime,
      errorClass: query.errorClass,
      connectorInstanceId: connectorIdOf(this.connectors, query.connector),
      dateFrom: query.from,
      dateTo: query.to,
    };
    const found: FailedSubmission[] = [];
    for (const state of states) {
      for (let offset = 0; found.length < EXPORT_LIMIT; offset += PAGE) {
        const page = await this.operator.listSubmissions({ ...filter, state, limit: PAGE, offset });
        found.push(...page.items.slice(0, EXPORT_LIMIT - found.length));
        if (page.items.length < PAGE) break;
      }
    }
    return found.sort((a, b) => +new Date(b.updatedAt) - +new Date(a.updatedAt));
  }
}
