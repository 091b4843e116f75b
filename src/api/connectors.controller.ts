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
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { isFileDropSource } from '../connectors';
import { JobName, QueueService } from '../queue';
import { ConnectorRuntimeService, type LiveConnector } from '../sync';

@ApiTags('connectors')
@ApiSecurity('api-key')
@Controller('connectors')
export class ConnectorsController {
  constructor(
    private readonly connectors: ConnectorRuntimeService,
    private readonly queue: QueueService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Configured connector instances (secrets redacted), cursors and last pull' })
  list() {
    return this.connectors.summaries();
  }

  @Get(':name/check')
  @ApiOperation({ summary: "Run the connector's check(): can we reach and read this ERP?" })
  async check(@Param('name') name: string) {
    const live = this.live(name);
    return live.connector.check();
  }

  @Post(':name/pull')
  @HttpCode(202)
  @ApiOperation({ summary: 'Enqueue a pull now (one at a time per instance)' })
  async pull(@Param('name') name: string) {
    this.live(name);
    const jobId = await this.queue.send(JobName.ConnectorPull, { instance: name }, { key: name });
    return { enqueued: jobId !== null, jobId };
  }

  @Post(':name/files')
  @HttpCode(202)
  @ApiOperation({ summary: 'Upload a CSV file into the instance inbox (body: the file, ?filename=...)' })
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
