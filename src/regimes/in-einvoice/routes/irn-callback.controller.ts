import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Req,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../../api';
import { IrnCallbackResponse } from '../../../api';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ComplianceError, regimeSettingsOf } from '../../../compliance';
import { EINVOICE_DESCRIPTOR } from '../einvoice.descriptor';
import { ConnectorRuntimeService, type LiveConnector } from '../../../sync';
import { IrnCallbackRefusal, IrnCallbackService, type IrnCallbackAnswer } from '../services';
import { Public } from '../../../api';

/** Where a deployment that registers IRN webhooks with its provider finds the shared secret by default. */
export const DEFAULT_IRN_CALLBACK_SECRET_HEADER = 'x-irp-callback-secret';

const NOT_AUTHENTICATED = 'IRN callback not authenticated';

@ApiTags('webhooks')
@Controller('webhooks/irp')
export class IrnCallbackController {
  constructor(
    private readonly connectors: ConnectorRuntimeService,
    private readonly callbacks: IrnCallbackService,
  ) {}

  @Public()
  @Post(':instance')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "A provider's IRN generation result for one connector instance; settles a submission whose outcome is unknown",
  })
  @ApiHeader({
    name: DEFAULT_IRN_CALLBACK_SECRET_HEADER,
    description: 'the shared secret (regimeSettings.in-einvoice.callbackSecret; header name configurable)',
  })
  @ApiOkResponse({ type: IrnCallbackResponse })
  @ApiErrors(400, 401, 404, 409, 503)
  async receive(
    @Param('instance') instance: string,
    @Body() body: unknown,
    @Req() request: Request,
  ): Promise<IrnCallbackAnswer> {
    const live = this.authenticated(instance, request);
    let callback;
    try {
      callback = this.callbacks.read(live, body);
    } catch (error) {
      const failure = ComplianceError.wrap(error);
      if (failure.errorClass === 'rejected') throw new UnauthorizedException(failure.message);
      if (failure.errorClass === 'config') throw new ServiceUnavailableException(failure.message);
      throw new BadRequestException(`not an IRN callback: ${failure.message}`);
    }
    try {
      return await this.callbacks.apply(live, callback);
    } catch (error) {
      if (!(error instanceof IrnCallbackRefusal)) throw error;
      if (error.kind === 'no-document') throw new NotFoundException(error.message);
      throw new ConflictException(error.message);
    }
  }

  /**
   * The instance, if it takes IRN callbacks and the request carries its secret. An unknown instance, or
   * one that takes no callbacks, is answered exactly like a wrong secret, so instance names cannot be
   * enumerated (as for ERP webhooks).
   */
  private authenticated(instance: string, request: Request): LiveConnector {
    const live = this.connectors.get(instance);
    const settings = live?.regimes.includes('in-einvoice')
      ? regimeSettingsOf(EINVOICE_DESCRIPTOR, live.regimeSettings)
      : undefined;
    const secret = settings?.callbackSecret;
    if (!live || typeof secret !== 'string' || secret === '') {
      throw new UnauthorizedException(NOT_AUTHENTICATED);
    }
    const headerName =
      typeof settings?.callbackSecretHeader === 'string' && settings.callbackSecretHeader
        ? settings.callbackSecretHeader.toLowerCase()
        : DEFAULT_IRN_CALLBACK_SECRET_HEADER;
    const given = request.headers[headerName];
    if (typeof given !== 'string' || !sameSecret(given, secret)) {
      throw new UnauthorizedException(NOT_AUTHENTICATED);
    }
    return live;
  }
}

/** Constant-time comparison of digests, so neither length nor content leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
