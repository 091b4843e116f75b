/**
 * Where the compliance clients' request/response log goes in the running service: Nest's logger at debug
 * level, one structured entry per attempt. Entries are only built while debug logging is on
 * (LOG_LEVEL=debug or trace), and then carry what the call was (method, path, status, duration, sizes):
 * request and response bodies hold invoice contents (buyers, amounts, signed invoices), so they are
 * logged only when LOG_HTTP_BODIES=true says so, redacted of secrets by the client like the headers.
 * Query strings are left out (some providers pass credentials there).
 */
import { Logger } from '@nestjs/common';
import type { HttpLogEntry, HttpLogger } from '../compliance/http';
import { isDebugLogging } from '../logging';
import { recordProviderCall } from '../metrics';

/** Request and response bodies in the debug log: an explicit opt-in, never the default. */
export function isHttpBodyLogging(): boolean {
  return process.env.LOG_HTTP_BODIES === 'true';
}

export class ComplianceHttpLog implements HttpLogger {
  private readonly logger = new Logger('ComplianceHttp');

  enabled(): boolean {
    return isDebugLogging();
  }

  observe(call: Pick<HttpLogEntry, 'provider' | 'operation' | 'status' | 'durationMs' | 'error'>): void {
    recordProviderCall(call);
  }

  log(entry: HttpLogEntry): void {
    this.logger.debug(complianceHttpLogLine(entry, isHttpBodyLogging()));
  }
}

/** What one attempt's debug line holds: bodies and headers only `withBodies`. */
export function complianceHttpLogLine(entry: HttpLogEntry, withBodies: boolean): Record<string, unknown> {
  const line: Record<string, unknown> = {
    provider: entry.provider,
    operation: entry.operation,
    method: entry.method,
    path: pathOf(entry.url),
    attempt: entry.attempt,
    status: entry.status,
    durationMs: entry.durationMs,
    error: entry.error,
    requestBytes: sizeOf(entry.requestBody),
    responseBytes: sizeOf(entry.responseBody),
  };
  if (!withBodies) return line;
  return {
    ...line,
    requestHeaders: entry.requestHeaders,
    requestBody: entry.requestBody,
    responseBody: entry.responseBody,
  };
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return url.split('?')[0];
  }
}

function sizeOf(body: unknown): number {
  if (body === undefined || body === null) return 0;
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (Buffer.isBuffer(body)) return body.length;
  try {
    return Buffer.byteLength(JSON.stringify(body));
  } catch {
    return 0;
  }
}
