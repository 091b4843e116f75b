/**
 * Structured JSON logs (pino). Credentials are redacted wherever they could appear: request headers,
 * and any logged object's secret-looking keys.
 */
import type { Params } from 'nestjs-pino';
import { withoutQueryValues } from './database/statement-error';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-webhook-signature"]',
  'req.headers.cookie',
  '*.password',
  '*.secret',
  '*.clientSecret',
  '*.client_secret',
  '*.token',
  '*.accessToken',
  '*.apiKey',
  '*.privateKey',
];

function logLevel(): string {
  return process.env.LOG_LEVEL ?? 'info';
}

/** Debug entries are wanted (LOG_LEVEL debug or trace). */
export function isDebugLogging(): boolean {
  return ['debug', 'trace'].includes(logLevel());
}

export function loggerOptions(): Params {
  return {
    pinoHttp: {
      level: logLevel(),
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      autoLogging: process.env.LOG_HTTP === 'true',
      quietReqLogger: true,
      // A failed SQL statement is logged by name: never its parameters (row values) or PostgreSQL's detail.
      serializers: { err: withoutQueryValues },
    },
  };
}
