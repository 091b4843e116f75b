/**
 * What a network failure (no HTTP answer) says about the request: whether it surely never reached the
 * server, which decides whether a request that is not idempotent may be sent again. Every compliance
 * client reads failures here, so they cannot disagree about a code.
 */
export interface NetworkFailure {
  /** The system or client error code (ECONNREFUSED, ECONNABORTED, ...), `NETWORK` when there is none. */
  code: string;
  /** No connection was made (refused, unresolved, unreachable): nothing reached the server. */
  neverSent: boolean;
  /** The client gave up waiting; the server may have received and applied the request. */
  timedOut: boolean;
  message: string;
}

/** No connection was made: the host is unknown, unreachable or refused it. */
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

export function readNetworkFailure(error: unknown): NetworkFailure {
  const code = errorCode(error) ?? 'NETWORK';
  return {
    code,
    neverSent: NEVER_SENT_CODES.has(code),
    timedOut: TIMEOUT_CODES.has(code),
    message: error instanceof Error ? error.message : String(error),
  };
}

/** The error's own code, else its cause's (fetch and some agents wrap the socket error). */
function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && code !== '') return code;
  return cause !== undefined && cause !== error ? errorCode(cause) : undefined;
}
