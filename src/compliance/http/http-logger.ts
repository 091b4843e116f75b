/** Structured request/response log entries; bodies and headers are redacted before they get here. */
export interface HttpLogEntry {
  provider: string;
  operation: string;
  method: string;
  url: string;
  attempt: number;
  status?: number;
  durationMs: number;
  /** Network error code or error class when there was no usable answer. */
  error?: string;
  requestHeaders?: Record<string, unknown>;
  requestBody?: unknown;
  responseBody?: unknown;
}

export interface HttpLogger {
  /**
   * Whether entries are wanted right now (e.g. false while debug logging is off): when false, the client
   * neither builds nor redacts them, which for bulk calls of a megabyte is most of the logging's cost.
   */
  enabled?(): boolean;
  log(entry: HttpLogEntry): void;
  /** Every attempt, whether or not entries are wanted: cheap facts only (metrics). */
  observe?(call: Pick<HttpLogEntry, 'provider' | 'operation' | 'status' | 'durationMs' | 'error'>): void;
}

export const silentHttpLogger: HttpLogger = { enabled: () => false, log: () => undefined };

/** Keeps entries in memory (tests, diagnostics). */
export class CollectingHttpLogger implements HttpLogger {
  readonly entries: HttpLogEntry[] = [];

  log(entry: HttpLogEntry): void {
    this.entries.push(entry);
  }
}
