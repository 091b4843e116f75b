/**
 * The webhook intake's body, read only once its signature matched: JSON of the content type the route
 * takes, parsed and checked as every JSON body is (depth, NUL, lone surrogates, prototype keys).
 */
import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import { jsonBodyProblem } from './json-body-guard';

const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/** 415 unless the request says it is JSON: checked before the signature, which is over JSON bytes. */
export function requireJsonContentType(contentType: string | undefined): void {
  if (!JSON_TYPE.test(contentType ?? '')) {
    throw new UnsupportedMediaTypeException({
      statusCode: 415,
      message: `the webhook takes application/json; this request is ${contentType ? `"${contentType}"` : 'untyped'}`,
    });
  }
}

export function parseWebhookBody(raw: Buffer): unknown {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw new BadRequestException({
      statusCode: 400,
      message: `request body is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  const problem = body !== null && typeof body === 'object' ? jsonBodyProblem(body) : undefined;
  if (problem)
    throw new BadRequestException({ statusCode: 400, message: 'request body refused', errors: [problem] });
  return body;
}
