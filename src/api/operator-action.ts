/**
 * Splits a body that carries `operator` and `reason` (audited) beside a request validated elsewhere (a
 * regime operation's, by its own class): 400 with the fields when either is wrong.
 */
import { BadRequestException } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { OperatorAction } from '../sync';
import { OperatorActionDto } from './dto';
import { fieldErrorsOf } from '../compliance';

export async function operatorActionOf(
  body: unknown,
): Promise<{ action: OperatorAction; request: Record<string, unknown> }> {
  const { operator, reason, ...request } = (
    typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}
  ) as Record<string, unknown>;
  const action = plainToInstance(OperatorActionDto, { operator, reason });
  const errors = await validate(action);
  if (errors.length > 0) {
    throw new BadRequestException({
      statusCode: 400,
      message: 'request validation failed',
      errors: fieldErrorsOf(errors),
    });
  }
  return { action: { operator: action.operator, reason: action.reason }, request };
}
