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
  log(entry: HttpLogEntry): void;
}

export const silentHttpLogger: HttpLogger = { log: () => undefined };

/** Keeps entries in memory (tests, diagnostics). */
export class CollectingHttpLogger implements HttpLogger {
  readonly entries: HttpLogEntry[] = [];

  log(entry: HttpLogEntry): void {
    this.entries.push(entry);
  }
}
