/** Documents the refusals a route answers, each with the one shared error body. */
import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponse } from './error.response';

const MEANING: Readonly<Record<number, string>> = {
  400: 'bad request: validation failed, or a typed validation/config error',
  401: 'no valid API key (or, on webhooks, no valid signature or secret)',
  404: 'not found',
  409: 'conflict: the state does not allow it now',
  413: 'body too large',
  415: 'unsupported content type',
  422: 'refused by the authority, or an idempotency key reused with another body',
  502: 'the authority refused our credentials',
  503: 'the authority or the ERP is unreachable; try again',
  504: 'outcome unknown: the authority did not answer in time',
};

/** Every API-key route can answer 401; give the other statuses the route really answers. */
export function ApiErrors(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: MEANING[status] ?? 'error', type: ErrorResponse }),
    ),
  );
}
