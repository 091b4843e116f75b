import {
  Controller,
  Headers,
  HttpCode,
  HttpException,
  Param,
  Post,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiErrors } from './responses/api-errors.decorator';
import { ErrorResponse } from './responses/error.response';
import { WebhookBatchResponse } from './responses/webhook.response';
import { PurchaseBatchResponse, PushedPurchaseBill } from './responses/webhook-purchase.response';
import { WEBHOOK_INVOICE_SCHEMA } from './canonical-invoice-docs';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { isPushSource } from '../connectors';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  WebhookConnectorConfig,
  verifyWebhookSignature,
  type SignatureCheck,
} from '../connectors/webhook';
import {
  ConnectorRuntimeService,
  PurchaseIntakeService,
  WebhookIntakeService,
  type LiveConnector,
} from '../sync';
import { Public } from './public.decorator';
import { parseWebhookBody, requireJsonContentType } from './webhook-body';

@ApiTags('webhooks')
@ApiExtraModels(WebhookBatchResponse, PurchaseBatchResponse, PushedPurchaseBill, ErrorResponse)
@Controller('webhooks')
export class WebhooksController {
  private readonly noInstanceSecret = randomBytes(32).toString('hex');

  constructor(
    private readonly connectors: ConnectorRuntimeService,
    private readonly intake: WebhookIntakeService,
    private readonly purchases: PurchaseIntakeService,
  ) {}

  @Public()
  @Post(':instance/invoices')
  // The intake's answer sets its own status (202, or 400 when nothing could be stored); 202 is the usual.
  @HttpCode(202)
  @ApiOperation({ summary: 'Push canonical invoices (one, an array, or {documents: [...]}); HMAC-signed' })
  @ApiHeader({ name: 'X-Webhook-Timestamp', description: 'unix seconds' })
  @ApiHeader({
    name: 'X-Webhook-Signature',
    description: 'sha256=hex(HMAC-SHA256(secret, timestamp + "." + raw body))',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiBody({
    description: 'one canonical invoice, an array of them, or {documents: [...]}; each may carry externalId',
    schema: {
      oneOf: [
        { $ref: `#/components/schemas/${WEBHOOK_INVOICE_SCHEMA}` },
        { type: 'array', items: { $ref: `#/components/schemas/${WEBHOOK_INVOICE_SCHEMA}` } },
        {
          type: 'object',
          required: ['documents'],
          properties: {
            documents: { type: 'array', items: { $ref: `#/components/schemas/${WEBHOOK_INVOICE_SCHEMA}` } },
          },
        },
      ],
    },
  })
  @ApiAcceptedResponse({
    type: WebhookBatchResponse,
    description: 'stored (valid or as MAPPING_FAILED) and queued',
  })
  @ApiBadRequestResponse({
    description: 'nothing in the body could be stored (the batch answer), or the body is not JSON',
    schema: {
      oneOf: [{ $ref: getSchemaPath(WebhookBatchResponse) }, { $ref: getSchemaPath(ErrorResponse) }],
    },
  })
  @ApiErrors(401, 415, 422, 503)
  async receive(
    @Param('instance') instance: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: Request & { rawBody?: Buffer },
    @Res({ passthrough: true }) response: Response,
  ) {
    const { live, rawBody } = this.verified(instance, request);
    if (idempotencyKey !== undefined && !/^[\w.:-]{1,200}$/.test(idempotencyKey)) {
      throw new HttpException(
        { statusCode: 400, message: 'Idempotency-Key must be 1-200 letters, digits or ._:-' },
        400,
      );
    }
    const body = parseWebhookBody(rawBody);
    const answer = await this.intake.receive(live, body, rawBody, idempotencyKey);
    response.status(answer.status);
    return answer.body;
  }

  @Public()
  @Post(':instance/purchases')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Push purchase bills (invoices, notes, bills of entry) for GSTR-2B reconciliation; HMAC-signed like invoices',
    description:
      'One bill, an array, or {purchases: [...]}. Kept per (instance, erpId): a re-push of the same bill is ' +
      '"unchanged", a changed one replaces it ("updated"); {externalId, cancelled: true} removes a bill. ' +
      'A bad item is rejected with its field paths and the others are kept.',
  })
  @ApiHeader({ name: 'X-Webhook-Timestamp', description: 'unix seconds' })
  @ApiHeader({
    name: 'X-Webhook-Signature',
    description: 'sha256=hex(HMAC-SHA256(secret, timestamp + "." + raw body))',
  })
  @ApiBody({
    description: 'one bill, an array of them, or {purchases: [...]}',
    schema: {
      oneOf: [
        { $ref: getSchemaPath(PushedPurchaseBill) },
        { type: 'array', items: { $ref: getSchemaPath(PushedPurchaseBill) } },
        {
          type: 'object',
          required: ['purchases'],
          properties: { purchases: { type: 'array', items: { $ref: getSchemaPath(PushedPurchaseBill) } } },
        },
      ],
    },
  })
  @ApiOkResponse({ type: PurchaseBatchResponse, description: 'stored; each item with its result or errors' })
  @ApiBadRequestResponse({
    description: 'no bill in the body could be read (the batch answer), or the body is not JSON',
    schema: {
      oneOf: [{ $ref: getSchemaPath(PurchaseBatchResponse) }, { $ref: getSchemaPath(ErrorResponse) }],
    },
  })
  @ApiErrors(401, 415, 503)
  async receivePurchases(
    @Param('instance') instance: string,
    @Req() request: Request & { rawBody?: Buffer },
    @Res({ passthrough: true }) response: Response,
  ) {
    const { live, rawBody } = this.verified(instance, request);
    const body = parseWebhookBody(rawBody);
    const answer = await this.purchases.receive(live, body);
    response.status(answer.status);
    return answer.body;
  }

  /** The instance a request is for, once the request is JSON and its signature matched (401 otherwise). */
  private verified(
    instance: string,
    request: Request & { rawBody?: Buffer },
  ): { live: LiveConnector; rawBody: Buffer } {
    requireJsonContentType(request.headers['content-type']);
    const live = this.connectors.get(instance);
    // Read raw (app.factory.ts): parsed only once the signature over these bytes matched.
    const rawBody = request.rawBody ?? (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
    const now = Math.floor(Date.now() / 1000);
    const webhook = live?.enabled && isPushSource(live.connector) ? live.connector : undefined;
    const check = webhook
      ? webhook.verify(request.headers, rawBody, now)
      : this.verifyForNoInstance(request.headers, rawBody, now);
    if (!check.ok)
      throw new UnauthorizedException({ statusCode: 401, error: check.reason, message: check.message });
    // Only a known instance's secret can have matched.
    if (!webhook || !live) throw new UnauthorizedException({ statusCode: 401, error: 'bad-signature' });
    return { live, rawBody };
  }

  /**
   * An unknown (or disabled) instance is answered as a known one answers a wrong signature: checked the
   * same way against a secret no sender has, so the answer (401 and its reason) and the work done are the
   * same, and instance names cannot be found by trying them.
   */
  private verifyForNoInstance(
    headers: Request['headers'],
    rawBody: Buffer,
    nowSeconds: number,
  ): SignatureCheck {
    const header = (name: string): string | undefined => {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    return verifyWebhookSignature({
      secret: this.noInstanceSecret,
      timestampHeader: header(TIMESTAMP_HEADER),
      signatureHeader: header(SIGNATURE_HEADER),
      rawBody,
      nowSeconds,
      toleranceSeconds: new WebhookConnectorConfig().toleranceSeconds,
    });
  }
}
