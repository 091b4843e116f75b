/**
 * The return gateway's session id (`txn`) authorises every user operation with the client credentials,
 * so it is masked like a token in whatever the HTTP layer logs: the request header and the envelope's
 * `header.txn` of an answer. (The shared redaction knows tokens and secrets by name, not `txn`.)
 */
import { REDACTED, type HttpLogEntry, type HttpLogger } from '../http';

function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[key] =
      key.toLowerCase() === 'txn' && inner !== null && inner !== undefined ? REDACTED : masked(inner);
  }
  return copy;
}

export function sessionRedactingLogger(logger: HttpLogger): HttpLogger {
  return {
    enabled: logger.enabled ? () => logger.enabled!() : undefined,
    log: (entry: HttpLogEntry) =>
      logger.log({
        ...entry,
        requestHeaders: masked(entry.requestHeaders) as HttpLogEntry['requestHeaders'],
        responseBody: masked(entry.responseBody),
      }),
  };
}
