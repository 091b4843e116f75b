/**
 * Structured JSON logs (pino). Credentials are redacted wherever they could appear: request headers,
 * and any logged object's secret-looking keys.
 */
import type { Params } from 'nestjs-pino';
import { withoutQueryValues } from './database';
import { REDACTED, SECRET_HEADERS, isSecretKey, redact } from './security';

/** pino masks request headers by path; everything else logged goes through the one redaction. */
export const REDACTED_PATHS = SECRET_HEADERS.map((header) => `req.headers["${header}"]`);

/**
 * A log line's fields redacted. Objects that are not plain data (an Error, pino-http's request and
 * response) are left to their serializers, which need the objects themselves and pick safe fields.
 */
function redactLogFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) out[key] = value;
    else if (isSecretKey(key)) out[key] = REDACTED;
    else out[key] = isPlainData(value) ? redact(value) : value;
  }
  return out;
}

function isPlainData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

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
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
      formatters: { log: redactLogFields },
      autoLogging: process.env.LOG_HTTP === 'true',
      quietReqLogger: true,
      // A failed SQL statement is logged by name: never its parameters (row values) or PostgreSQL's detail.
      serializers: { err: withoutQueryValues },
    },
  };
}
