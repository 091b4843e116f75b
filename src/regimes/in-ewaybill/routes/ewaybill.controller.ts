/**
 * The e-way bill's operator routes, kept as aliases of the generic ones: its operations run through
 * `POST /submissions/:id/operations/:name` (RegimeOperationsService), its cancel through
 * `POST /submissions/:id/cancel` (the regime's cancel policy), its expiry check is the regime's job.
 */
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../../api';
import { SubmissionResponse } from '../../../api';
import { ConsolidationResponse, ExpiringBillResponse, ExpiryCheckResponse } from './ewaybill.response';
import { EWAYBILL_EXPIRY_CHECK, expiringBills } from '../operations';
import { EWAYBILL_DESCRIPTOR } from '../ewaybill.descriptor';
import {
  CancellationService,
  ConnectorRuntimeService,
  RegimeJobContextService,
  RegimeJobs,
  RegimeOperationsService,
} from '../../../sync';
import { connectorIdOf } from '../../../api';
import { CancelRequestDto } from '../../../api';
import { ExpiringQuery } from './ewaybill.dto';
import { operatorActionOf } from '../../../api';

const REGIME = EWAYBILL_DESCRIPTOR.name;

@ApiTags('ewaybills')
@ApiSecurity('api-key')
@ApiErrors(401)
@Controller('ewaybills')
export class EwaybillController {
  constructor(
    private readonly operations: RegimeOperationsService,
    private readonly cancellation: CancellationService,
    private readonly jobs: RegimeJobContextService,
    private readonly regimeJobs: RegimeJobs,
    private readonly connectors: ConnectorRuntimeService,
  ) {}

  @Post(':submissionId/part-b')
  @HttpCode(200)
  @ApiOperation({ summary: 'Alias of POST /submissions/:id/operations/part-b; answers the submission' })
  @ApiOkResponse({ type: SubmissionResponse })
  @ApiErrors(400, 404, 409, 422, 502, 503, 504)
  partB(@Param('submissionId', ParseUUIDPipe) id: string, @Body() body: unknown) {
    return this.operateOn(id, 'part-b', body);
  }

  @Post(':submissionId/transporter')
  @HttpCode(200)
  @ApiOperation({ summary: 'Alias of POST /submissions/:id/operations/transporter; answers the submission' })
  @ApiOkResponse({ type: SubmissionResponse })
  @ApiErrors(400, 404, 409, 422, 502, 503, 504)
  transporter(@Param('submissionId', ParseUUIDPipe) id: string, @Body() body: unknown) {
    return this.operateOn(id, 'transporter', body);
  }

  @Post(':submissionId/extend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Alias of POST /submissions/:id/operations/extend; answers the submission' })
  @ApiOkResponse({ type: SubmissionResponse })
  @ApiErrors(400, 404, 409, 422, 502, 503, 504)
  extend(@Param('submissionId', ParseUUIDPipe) id: string, @Body() body: unknown) {
    return this.operateOn(id, 'extend', body);
  }

  @Post(':submissionId/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Alias of POST /submissions/:id/cancel: within 24 h of generation (409 code 728 otherwise); reasons 1-4 as the e-way bill system numbers them',
  })
  @ApiOkResponse({ type: SubmissionResponse, description: 'the submission, now CANCELLED' })
  @ApiErrors(400, 404, 409, 422, 502, 503, 504)
  cancel(@Param('submissionId', ParseUUIDPipe) id: string, @Body() body: CancelRequestDto) {
    return this.cancellation.cancel(
      id,
      { reasonCode: body.reasonCode, remark: body.remark },
      { operator: body.operator, reason: body.reason },
    );
  }

  @Post('consolidate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Alias of POST /submissions/operations/consolidate' })
  @ApiOkResponse({ type: ConsolidationResponse })
  @ApiErrors(400, 404, 409, 422, 502, 503, 504)
  async consolidate(@Body() body: unknown) {
    const { action, request } = await operatorActionOf(body);
    const run = await this.operations.run({
      operation: 'consolidate',
      body: request,
      actor: `operator:${action.operator}`,
      reason: action.reason,
    });
    return { ...run.result, submissions: run.submissions };
  }

  @Get('expiring')
  @ApiOperation({ summary: 'Active e-way bills whose validity ends within the given hours' })
  @ApiOkResponse({ type: [ExpiringBillResponse] })
  @ApiErrors(400)
  expiring(@Query() query: ExpiringQuery) {
    return expiringBills(this.jobs.context(REGIME), {
      withinHours: query.withinHours,
      connectorInstanceId: connectorIdOf(this.connectors, query.connector),
    });
  }

  @Post('expiring/extend')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Run the scheduled check now: extend bills in their window where the instance configures autoExtend',
  })
  @ApiOkResponse({ type: ExpiryCheckResponse })
  extendExpiring() {
    return this.regimeJobs.run(EWAYBILL_EXPIRY_CHECK);
  }

  private async operateOn(submissionId: string, operation: string, body: unknown) {
    const { action, request } = await operatorActionOf(body);
    const run = await this.operations.run({
      operation,
      submissionId,
      body: request,
      actor: `operator:${action.operator}`,
      reason: action.reason,
    });
    return run.submissions[0];
  }
}
