import { Body, Controller, Get, Param, ParseUUIDPipe, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from './responses/api-errors.decorator';
import { DocumentPageResponse, DocumentResponse } from './responses/document.response';
import { ConnectorRuntimeService, OperatorService } from '../sync';
import { DocumentListQuery, OverrideRequestDto } from './dto';
import { connectorIdOf } from './connector-filter';

@ApiTags('documents')
@ApiSecurity('api-key')
@ApiErrors(401)
@Controller('documents')
export class DocumentsController {
  constructor(
    private readonly operator: OperatorService,
    private readonly connectors: ConnectorRuntimeService,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'List documents, filtered by submission state, connector, date, error class; q searches invoice number (beginning), buyer GSTIN / VAT number, IRN',
  })
  @ApiOkResponse({ type: DocumentPageResponse })
  @ApiErrors(400)
  list(@Query() query: DocumentListQuery) {
    return this.operator.listDocuments({
      connectorInstanceId: connectorIdOf(this.connectors, query.connector),
      state: query.state,
      errorClass: query.errorClass,
      regime: query.regime,
      dateFrom: query.from,
      dateTo: query.to,
      docNumber: query.docNumber,
      search: query.q,
      limit: query.limit,
      offset: query.offset,
    });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One document: canonical payload, submissions, audit trail' })
  @ApiOkResponse({ type: DocumentResponse })
  @ApiErrors(400, 404)
  get(@Param('id', ParseUUIDPipe) id: string) {
    return this.operator.getDocument(id);
  }

  @Patch(':id/overrides')
  @ApiOperation({ summary: 'Fix canonical fields (audited); retry the submission afterwards' })
  @ApiOkResponse({ type: DocumentResponse, description: 'the document with the overrides applied' })
  @ApiErrors(400, 404, 409, 422)
  async override(@Param('id', ParseUUIDPipe) id: string, @Body() body: OverrideRequestDto) {
    await this.operator.override(id, body.overrides, { operator: body.operator, reason: body.reason });
    return this.operator.getDocument(id);
  }
}
