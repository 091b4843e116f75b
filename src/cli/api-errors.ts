/** What can go wrong talking to the service, each with the message an operator needs. */
import type { ApiFieldError } from './api-types';
import { CliError } from './cli-error';
import { ExitCode } from './io';

/** The service answered with an HTTP error; carries its message, its code and field errors. */
export class ApiError extends CliError {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly fieldErrors: ApiFieldError[],
    /** True when the service has no such route (an older server): 404 "Cannot POST ..." or 405. */
    readonly routeMissing: boolean,
    /** The authority's code the refusal carries (NIC 2270, 2230, ...), when there is one. */
    readonly code?: string,
  ) {
    super(`HTTP ${status}${code ? ` (code ${code})` : ''}: ${serverMessage}`, ExitCode.failed);
    this.name = 'ApiError';
  }
}

/** Nothing answered at the URL (refused, unknown host, timed out). */
export class UnreachableError extends CliError {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(
      `cannot reach the connector service at ${url} (${reason}); is it running? Set --url or CONNECTOR_URL`,
      ExitCode.unreachable,
    );
    this.name = 'UnreachableError';
  }
}

/** Reads Nest's error body `{statusCode, message, code?, error?, errors?: FieldError[]}` or plain text. */
export function apiErrorOf(status: number, bodyText: string): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    messageOf(record.message) ?? messageOf(record.error) ?? (bodyText.trim().slice(0, 300) || '');
  const fieldErrors = Array.isArray(record.errors) ? record.errors.filter(isFieldError) : [];
  const routeMissing = status === 405 || (status === 404 && /^Cannot [A-Z]+ \//.test(message));
  return new ApiError(status, message || statusText(status), fieldErrors, routeMissing, codeOf(record.code));
}

function codeOf(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (Array.isArray(value) && value.length > 0) return value.map(String).join('; ');
  return undefined;
}

function isFieldError(value: unknown): value is ApiFieldError {
  const v = value as Partial<ApiFieldError> | null;
  return typeof v === 'object' && v !== null && typeof v.path === 'string' && typeof v.message === 'string';
}

function statusText(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not found';
  if (status >= 500) return 'server error';
  return 'request failed';
}
