import {
  Body,
  Controller,
  Headers,
  HttpException,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { WebhookConnector } from '../connectors/webhook/webhook.connector';
import { ConnectorRuntimeService } from '../sync/connector-runtime.service';
import { WebhookIntakeService } from '../sync/webhook-intake.service';
import { Public } from './public.decorator';

@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(
    private readonly connectors: ConnectorRuntimeService,
    private readonly intake: WebhookIntakeService,
  ) {}

  @Public()
  @Post(':instance/invoices')
  @ApiOperation({ summary: 'Push canonical invoices (one, an array, or {documents: [...]}); HMAC-signed' })
  @ApiHeader({ name: 'X-Webhook-Timestamp', description: 'unix seconds' })
  @ApiHeader({
    name: 'X-Webhook-Signature',
    description: 'sha256=hex(HMAC-SHA256(secret, timestamp + "." + raw body))',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  async receive(
    @Param('instance') instance: string,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: Request & { rawBody?: Buffer },
    @Res({ passthrough: true }) response: Response,
  ) {
    const live = this.connectors.get(instance);
    if (!live || !(live.connector instanceof WebhookConnector) || !live.enabled) {
      throw new NotFoundException(`no webhook connector instance named ${instance}`);
    }
    const rawBody = request.rawBody ?? Buffer.alloc(0);
    const check = live.connector.verify(request.headers, rawBody, Math.floor(Date.now() / 1000));
    if (!check.ok)
      throw new UnauthorizedException({ statusCode: 401, error: check.reason, message: check.message });
    if (idempotencyKey !== undefined && !/^[\w.:-]{1,200}$/.test(idempotencyKey)) {
      throw new HttpException(
        { statusCode: 400, message: 'Idempotency-Key must be 1-200 letters, digits or ._:-' },
        400,
      );
    }
    const answer = await this.intake.receive(live, body, rawBody, idempotencyKey);
    response.status(answer.status);
    return answer.body;
  }
}
