import {
  BadRequestException,
  UnsupportedMediaTypeException,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrors } from './responses/api-errors.decorator';
import {
  ConnectorCheckResponse,
  ConnectorResponse,
  InboxFilesResponse,
  PullEnqueuedResponse,
  UploadedFileResponse,
} from './responses/connector.response';
import type { Request } from 'express';
import { isFileDropSource } from '../connectors';
import { JobName, QueueService } from '../queue';
import { ConnectorRuntimeService, type LiveConnector } from '../sync';

@ApiTags('connectors')
@ApiSecurity('api-key')
@ApiErrors(401)
@Controller('connectors')
export class ConnectorsController {
  constructor(
    private readonly connectors: ConnectorRuntimeService,
    private readonly queue: QueueService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Configured connector instances (secrets redacted), cursors and last pull' })
  @ApiOkResponse({ type: [ConnectorResponse] })
  list() {
    return this.connectors.summaries();
  }

  @Get(':name/check')
  @ApiOperation({ summary: "Run the connector's check(): can we reach and read this ERP?" })
  @ApiOkResponse({ type: ConnectorCheckResponse })
  @ApiErrors(404)
  async check(@Param('name') name: string) {
    const live = this.live(name);
    return live.connector.check();
  }

  @Post(':name/pull')
  @HttpCode(202)
  @ApiOperation({ summary: 'Enqueue a pull now (one at a time per instance)' })
  @ApiAcceptedResponse({ type: PullEnqueuedResponse })
  @ApiErrors(404)
  async pull(@Param('name') name: string) {
    this.live(name);
    const jobId = await this.queue.send(JobName.ConnectorPull, { instance: name }, { key: name });
    return { enqueued: jobId !== null, jobId };
  }

  @Post(':name/files')
  @HttpCode(202)
  @ApiOperation({ summary: 'Upload a CSV file into the instance inbox (body: the file, ?filename=...)' })
  @ApiQuery({
    name: 'filename',
    type: String,
    required: false,
    description: 'stored under this name (default upload-<time>.csv)',
  })
  @ApiConsumes('text/csv', 'text/plain', 'application/octet-stream')
  @ApiBody({ description: 'the file', schema: { type: 'string', format: 'binary' } })
  @ApiAcceptedResponse({ type: UploadedFileResponse, description: 'stored in the inbox; a pull is enqueued' })
  @ApiErrors(400, 404, 413, 415)
  async upload(@Param('name') name: string, @Query('filename') filename: unknown, @Req() request: Request) {
    if (filename !== undefined && typeof filename !== 'string') {
      throw new BadRequestException({
        statusCode: 400,
        message: 'filename must be given once, as text (?filename=sales.csv)',
        errors: [{ path: 'filename', value: JSON.stringify(filename).slice(0, 200), rule: 'isString' }],
      });
    }
    const contentType = request.headers['content-type'] ?? '';
    if (!/^(text\/(csv|plain)|application\/octet-stream)\b/i.test(contentType)) {
      throw new UnsupportedMediaTypeException({
        statusCode: 415,
        message: `a file upload is text/csv, text/plain or application/octet-stream; this request is ${contentType ? `"${contentType}"` : 'untyped'}`,
      });
    }
    const live = this.live(name);
    const { connector } = live;
    if (!isFileDropSource(connector))
      throw new BadRequestException(`connector ${name} (${live.kind}) does not take files`);
    const body =
      (request as Request & { rawBody?: Buffer }).rawBody ??
      (Buffer.isBuffer(request.body) ? request.body : undefined);
    if (!body || body.length === 0)
      throw new BadRequestException('the request body must be the file content');
    const safeName = (filename ?? `upload-${Date.now()}.csv`).replace(/[^\w.-]/g, '_');
    const stored = await connector.upload(safeName, body);
    await this.queue.send(JobName.ConnectorPull, { instance: name }, { key: name });
    return { filename: stored.fileName, contentHash: stored.contentHash };
  }

  @Get(':name/files')
  @ApiOperation({
    summary:
      'Files waiting in the inbox, and files rejected (not CSV, wrong encoding, too large, no data) with the reason',
  })
  @ApiOkResponse({ type: InboxFilesResponse })
  @ApiErrors(400, 404)
  async files(@Param('name') name: string) {
    const live = this.live(name);
    const { connector } = live;
    if (!isFileDropSource(connector))
      throw new BadRequestException(`connector ${name} (${live.kind}) does not take files`);
    return connector.listFiles();
  }

  private live(name: string): LiveConnector {
    const live = this.connectors.get(name);
    if (!live) throw new NotFoundException(`no connector instance named ${name}`);
    return live;
  }
}
