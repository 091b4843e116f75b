/** API-key auth on every route not marked @Public(): `X-API-Key: <key>` or `Authorization: Bearer <key>`. */
import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { timingSafeEqual, createHash } from 'node:crypto';
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
    const header = request.headers['x-api-key'];
    const bearer = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
    const given = (Array.isArray(header) ? header[0] : header) ?? bearer;
    if (!given || !this.keys.list().some((key) => sameSecret(key, given))) {
      throw new UnauthorizedException('a valid API key is required (X-API-Key or Authorization: Bearer)');
    }
    return true;
  }
}

function sameSecret(a: string, b: string): boolean {
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}
