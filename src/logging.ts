/**
 * One log format from the first boot line to the last: pino's, as JSON lines for a file, a container or
 * a collector, and pretty lines (pino-pretty) for a person at a terminal; `LOG_FORMAT=json|pretty` chooses
 * otherwise. Credentials are redacted wherever they could appear: request headers, and any logged object's
 * secret-looking keys.
 */
import type { LoggerService } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
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

export type LogFormat = 'json' | 'pretty';

export function logFormat(
  env: NodeJS.ProcessEnv = process.env,
  isTty = process.stdout.isTTY === true,
): LogFormat {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return isTty ? 'pretty' : 'json';
}

function pinoOptions(): LoggerOptions {
  return {
    level: logLevel(),
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    formatters: { log: redactLogFields },
    // A failed SQL statement is logged by name: never its parameters (row values) or PostgreSQL's detail.
    serializers: { err: withoutQueryValues },
  };
}

/** Where lines go: stdout as JSON, or through pino-pretty (synchronously, in this thread) at a terminal. */
function destination(): DestinationStream | undefined {
  if (logFormat() === 'json') return undefined;
  return pretty({
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l',
    ignore: 'pid,hostname,context',
    messageFormat: '{if context}[{context}] {end}{msg}',
    sync: true,
  });
}

export function loggerOptions(): Params {
  const options = {
    ...pinoOptions(),
    autoLogging: process.env.LOG_HTTP === 'true',
    quietReqLogger: true,
  };
  const stream = destination();
  return { pinoHttp: stream ? [options, stream] : options };
}

/**
 * Nest's logger before the app exists (the boot's own lines: embedded PostgreSQL, the sandbox, a
 * failed start), in the same format as the app's; `Logger.overrideLogger` it first thing.
 */
export function bootLogger(): LoggerService {
  const stream = destination();
  const logger = stream ? pino(pinoOptions(), stream) : pino(pinoOptions());
  const at =
    (level: 'info' | 'warn' | 'error' | 'debug' | 'trace' | 'fatal') =>
    (message: unknown, ...rest: unknown[]): void => {
      const context =
        typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
      logger[level]({ context }, typeof message === 'string' ? message : JSON.stringify(message));
    };
  return {
    log: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    verbose: at('trace'),
    fatal: at('fatal'),
  };
}
