/** API-key auth on every route not marked @Public(): `X-API-Key: <key>` or `Authorization: Bearer <key>`. */
import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import { ApiKeys } from './api-keys';
import { IS_PUBLIC } from './public.decorator';

@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeys,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!this.keys.accepts(presentedApiKey(request))) {
      throw new UnauthorizedException('a valid API key is required (X-API-Key or Authorization: Bearer)');
    }
    return true;
  }
}

/**
 * The key a request presents: `X-API-Key`, `Authorization: Bearer <key>`, or, for pages a browser
 * opens (the API documentation), `Authorization: Basic` with the key as the password.
 */
export function presentedApiKey(request: Pick<IncomingMessage, 'headers'>): string | undefined {
  const header = request.headers['x-api-key'];
  const authorization = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization)?.[1];
  const basic = /^Basic\s+(.+)$/i.exec(authorization)?.[1];
  const basicPassword = basic
    ? Buffer.from(basic, 'base64').toString('utf8').split(':').slice(1).join(':')
    : '';
  return (Array.isArray(header) ? header[0] : header) ?? bearer ?? (basicPassword || undefined);
}
