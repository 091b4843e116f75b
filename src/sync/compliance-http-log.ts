/**
 * Where the compliance clients' request/response log goes in the running service: Nest's logger at debug
 * level, one structured entry per attempt, headers and bodies already redacted by the client. Entries are
 * only built while debug logging is on (LOG_LEVEL=debug or trace).
 */
import { Logger } from '@nestjs/common';
import type { HttpLogEntry, HttpLogger } from '../compliance/http';
import { isDebugLogging } from '../logging';
import { recordProviderCall } from '../metrics/provider-calls';

export class ComplianceHttpLog implements HttpLogger {
  private readonly logger = new Logger('ComplianceHttp');

  enabled(): boolean {
    return isDebugLogging();
  }

  observe(call: Pick<HttpLogEntry, 'provider' | 'operation' | 'status' | 'durationMs' | 'error'>): void {
    recordProviderCall(call);
  }

  log(entry: HttpLogEntry): void {
    this.logger.debug(entry);
  }
}
