/**
 * GET /metrics in Prometheus text format, behind the API key like the rest of the API (Prometheus sends
 * it as `authorization: { credentials: <key> }`, i.e. `Authorization: Bearer <key>`).
 */
import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { MetricsService } from './metrics.service';

@ApiTags('metrics')
@ApiSecurity('api-key')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'Prometheus metrics: documents, submissions, authority errors, write-back failures, reconciliation verdicts, job queue, process',
  })
  @ApiOkResponse({
    description: 'Prometheus text exposition format',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiUnauthorizedResponse({ description: 'no valid API key' })
  async scrape(@Res() response: Response): Promise<void> {
    const body = await this.metrics.text();
    response.set('Content-Type', this.metrics.contentType).status(200).send(body);
  }
}
