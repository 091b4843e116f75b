/** E-way bill operations on registered bills (submissions of regime in-ewaybill); every action audited. */
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ConnectorRuntimeService } from '../sync/connector-runtime.service';
import { EwaybillOperationsService } from '../sync/ewaybill/ewaybill-operations.service';
import { connectorIdOf } from './connector-filter';
import {
  ConsolidateRequestDto,
  EwaybillCancelRequestDto,
  ExpiringQuery,
  ExtendRequestDto,
  PartBRequestDto,
  TransporterRequestDto,
} from './ewaybill.dto';

@ApiTags('ewaybills')
@ApiSecurity('api-key')
@Controller('ewaybills')
export class EwaybillController {
  constructor(
    private readonly operations: EwaybillOperationsService,
    private readonly connectors: ConnectorRuntimeService,
  ) {}

  @Post(':submissionId/part-b')
  @HttpCode(200)
  @ApiOperation({ summary: 'Enter or change the vehicle (Part-B) with a reason code; audited' })
  partB(@Param('submissionId', ParseUUIDPipe) id: string, @Body() body: PartBRequestDto) {
    const { operator, reason, ...input } = body;
    return this.operations.updatePartB(id, input, { operator, reason });
  }

  @Post(':submissionId/transporter')
  @HttpCode(200)
  @ApiOperation({ summary: 'Assign the transporter (catalog A); audited' })
  transporter(@Param('submissionId', ParseUUIDPipe) id: string, @Body() body: TransporterRequestDto) {
    return this.operations.updateTransporter(id, body.transporterId, {
      operator: body.operator,
      reason: body.reason,
    });
  }

  @Post(':submissionId/extend')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Extend validity: only from 8 h before to 8 h after it ends (409 code 382 otherwise); audited',
  })
  extend(@Param('submissionId', ParseUUIDPipe) id: string, @Body() body: ExtendRequestDto) {
    const { operator, reason, ...input } = body;
    return this.operations.extend(id, input, { operator, reason });
  }

  @Post(':submissionId/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cancel within 24 h of generation (409 code 728 otherwise); reasons 1-4 as the e-way bill system numbers them',
  })
  cancel(@Param('submissionId', ParseUUIDPipe) id: string, @Body() body: EwaybillCancelRequestDto) {
    return this.operations.cancel(
      id,
      { reasonCode: body.reasonCode, remark: body.remark },
      { operator: body.operator, reason: body.reason },
    );
  }

  @Post('consolidate')
  @HttpCode(200)
  @ApiOperation({ summary: 'One consolidated e-way bill for several active bills on one vehicle; audited' })
  consolidate(@Body() body: ConsolidateRequestDto) {
    const { operator, reason, ...input } = body;
    return this.operations.consolidate(input, { operator, reason });
  }

  @Get('expiring')
  @ApiOperation({ summary: 'Active e-way bills whose validity ends within the given hours' })
  expiring(@Query() query: ExpiringQuery) {
    return this.operations.expiring({
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
  extendExpiring() {
    return this.operations.extendExpiring();
  }
}
