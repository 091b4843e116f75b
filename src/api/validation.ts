/** Request validation answering 400 with one entry per bad field: path, value, rule, message. */
import { BadRequestException, ValidationPipe } from '@nestjs/common';
import { fieldErrorsOf } from '../compliance';

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
