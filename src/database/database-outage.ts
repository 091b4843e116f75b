/**
 * What the service does when PostgreSQL goes away (stopped, restarted, killed, network cut): it rides
 * the outage out. Every durable step is a row in PostgreSQL and every job is re-fetched or re-enqueued
 * by the sweep, so nothing needs the process to die: the pools reconnect once the server answers, and the
 * queue's workers and the scheduler go on where they were. A query that fails meanwhile fails its job,
 * which is retried; a rejection nobody awaited (a background tick's query) is reported here in one line
 * per outage instead of ending the process with a stack trace. Anything else unexpected still ends the
 * process, deliberately and with its stack.
 */

/** PostgreSQL's codes for "not now": admin shutdown, crash shutdown, cannot connect now, connection exceptions. */
const UNAVAILABLE_SQLSTATE = /^(57P0[1-4]|08\d{3}|53300)$/;
const UNAVAILABLE_SYSCALL = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection to the server was lost|Client has encountered a connection error|timeout exceeded when trying to connect|the database system is (shutting down|starting up|in recovery mode)|terminating connection due to administrator command/i;

/** True when `error` says the database cannot be reached or is going down, not that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SYSCALL.has(code)))
    return true;
  if (UNAVAILABLE_MESSAGE.test(error.message)) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/** How often an ongoing outage is reported again. */
const REPEAT_MS = 30_000;

/**
 * Installs the process-wide policy: unawaited rejections and unhandled 'error' events from an unavailable
 * database are logged (one line per outage, repeated at most every 30 s); anything else unhandled is
 * logged with its stack and ends the process with exit code 1. Returns a function that removes the handler.
 */
export function rideOutDatabaseOutages(log: {
  warn(line: string): void;
  error(line: string): void;
}): () => void {
  let lastReportMs = 0;
  const handler = (reason: unknown): void => {
    if (isDatabaseUnavailable(reason)) {
      const now = Date.now();
      if (now - lastReportMs < REPEAT_MS) return;
      lastReportMs = now;
      log.warn(
        `database unavailable (${(reason as Error).message}): riding it out; work resumes when it answers again`,
      );
      return;
    }
    log.error(
      `unhandled error, stopping: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
    );
    process.exit(1);
  };
  process.on('unhandledRejection', handler);
  process.on('uncaughtException', handler);
  return () => {
    process.off('unhandledRejection', handler);
    process.off('uncaughtException', handler);
  };
}
