/** Request validation answering 400 with one entry per bad field: path, value, rule, message. */
import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldError } from '../domain';

export function fieldErrorsOf(errors: ValidationError[], prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const path = prefix
      ? /^\d+$/.test(error.property)
        ? `${prefix}[${error.property}]`
        : `${prefix}.${error.property}`
      : error.property;
    for (const [rule, message] of Object.entries(error.constraints ?? {})) {
      out.push({
        path,
        rule,
        message,
        value: error.value === undefined ? undefined : JSON.stringify(error.value)?.slice(0, 200),
      });
    }
    if (error.children?.length) out.push(...fieldErrorsOf(error.children, path));
  }
  return out;
}

export function requestValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      new BadRequestException({
        statusCode: 400,
        message: 'request validation failed',
        errors: fieldErrorsOf(errors),
      }),
  });
}
