import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from './responses/api-errors.decorator';
import {
  OperationRunResponse,
  RetryResponse,
  SubmissionPageResponse,
  SubmissionResponse,
} from './responses/submission.response';
import {
  ConnectorRuntimeService,
  OperatorService,
  CancellationService,
  RegimeOperationsService,
} from '../sync';
import { connectorIdOf } from './connector-filter';
import { CancelRequestDto, RetryRequestDto, SubmissionListQuery } from './dto';
import { operatorActionOf } from './operator-action';
import { statesOf } from './state-filter';

@ApiTags('submissions')
@ApiSecurity('api-key')
@ApiErrors(401)
@Controller('submissions')
export class SubmissionsController {
  constructor(
    private readonly operator: OperatorService,
    private readonly connectors: ConnectorRuntimeService,
    private readonly cancellation: CancellationService,
    private readonly operations: RegimeOperationsService,
  ) {}

  // Declared before `:id/...`: `operations` is not a submission id.
  @Post('operations/:operation')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Run an operation the submissions' regime declares over several of them (body: its request, submissionIds, operator, reason); audited",
  })
  @ApiOkResponse({ type: OperationRunResponse })
  @ApiErrors(400, 404, 409, 422, 502, 503, 504)
  async operateOnMany(@Param('operation') operation: string, @Body() body: unknown) {
    const { action, request } = await operatorActionOf(body);
    return this.operations.run({
      operation,
      body: request,
      actor: `operator:${action.operator}`,
      reason: action.reason,
    });
  }

  @Post(':id/operations/:operation')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Run an operation the submission's regime declares (e-way bill: part-b, transporter, extend); body: its request, operator, reason; audited",
  })
  @ApiOkResponse({ type: OperationRunResponse })
  @ApiErrors(400, 404, 409, 422, 502, 503, 504)
  async operate(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('operation') operation: string,
    @Body() body: unknown,
  ) {
    const { action, request } = await operatorActionOf(body);
    return this.operations.run({
      operation,
      submissionId: id,
      body: request,
      actor: `operator:${action.operator}`,
      reason: action.reason,
    });
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Cancel a registration within the regime's window (IRN: 24 h, no active e-way bill; e-way bill: 24 h); reason codes as the regime's authority numbers them; audited",
  })
  @ApiOkResponse({ type: SubmissionResponse, description: 'the submission, now CANCELLED' })
  @ApiErrors(400, 404, 409, 422, 502, 503, 504)
  cancel(@Param('id', ParseUUIDPipe) id: string, @Body() body: CancelRequestDto) {
    return this.cancellation.cancel(
      id,
      { reasonCode: body.reasonCode, remark: body.remark },
      { operator: body.operator, reason: body.reason },
    );
  }

  @Get()
  @ApiOperation({
    summary:
      'List submissions, each with its document (number, buyer, amount); the failure queue: ?failing=true, ?state=REJECTED or ?errorClass=...',
  })
  @ApiOkResponse({ type: SubmissionPageResponse })
  @ApiErrors(400)
  list(@Query() query: SubmissionListQuery) {
    return this.operator.listSubmissions({
      states: statesOf(query.state, query.failing),
      regime: query.regime,
      errorClass: query.errorClass,
      connectorInstanceId: connectorIdOf(this.connectors, query.connector),
      dateFrom: query.from,
      dateTo: query.to,
      limit: query.limit,
      offset: query.offset,
    });
  }

  @Post('retry')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Retry submissions by ids or by filter (the first `limit` of the `matched`); operator and reason are audited',
  })
  @ApiOkResponse({ type: RetryResponse })
  @ApiErrors(400)
  retry(@Body() body: RetryRequestDto) {
    if (!body.ids?.length && !body.filter) {
      throw new BadRequestException({
        statusCode: 400,
        message: 'request validation failed',
        errors: [{ path: 'ids', rule: 'oneOf', message: 'give ids or a filter' }],
      });
    }
    const filter = body.filter
      ? {
          states: statesOf(body.filter.state, body.filter.failing),
          regime: body.filter.regime,
          errorClass: body.filter.errorClass,
          connectorInstanceId: connectorIdOf(this.connectors, body.filter.connector),
          dateFrom: body.filter.from,
          dateTo: body.filter.to,
        }
      : undefined;
    return this.operator.retry({ ids: body.ids, filter }, { operator: body.operator, reason: body.reason });
  }
}
