/**
 * Typed errors from the compliance and connector layers become HTTP answers an operator can act on,
 * instead of a bare 500: bad input 400, refused by the authority 422, authority unreachable or failing
 * 502/503, an operator's step missing first (the return gateway's OTP session) 409. The message is the error's own (those layers never put secrets in messages).
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ComplianceError } from '../compliance';
import { SESSION_REQUIRED } from '../compliance/returns';
import type { ComplianceErrorClass, ConnectorErrorClass } from '../domain';
import { ConnectorError } from '../connectors';

const COMPLIANCE_STATUS: Record<ComplianceErrorClass, number> = {
  validation: 400,
  config: 400,
  rejected: 422,
  auth: 502,
  transient: 503,
  'unknown-outcome': 504,
};

const CONNECTOR_STATUS: Record<ConnectorErrorClass, number> = { config: 400, transient: 503, system: 500 };

@Catch(ComplianceError, ConnectorError)
export class TypedErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Api');

  catch(error: ComplianceError | ConnectorError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const status =
      error instanceof ComplianceError
        ? error.options.code === SESSION_REQUIRED
          ? 409
          : COMPLIANCE_STATUS[error.errorClass]
        : CONNECTOR_STATUS[error.errorClass];
    if (status >= 500) this.logger.warn(`${error.name} (${error.errorClass}): ${error.message}`);
    response.status(status).json({
      statusCode: status,
      errorClass: error.errorClass,
      code: error instanceof ComplianceError ? (error.options.code ?? null) : null,
      message: error.message,
    });
  }
}
