/** Readers of ZATCA answers shared by the Fatoora and GSP clients: HTTP status + body -> result or error. */
import { readNetworkFailure } from '../../http';
import { REDACTED, isSecretKey } from '../../security';
import { ComplianceError } from '../../compliance';
import type {
  CsidGrant,
  CsidResponse,
  InvoiceResponse,
  ValidationMessage,
  ValidationResults,
  ZatcaInvoiceResult,
} from './fatoora.types';

export type ZatcaOperation =
  | 'compliance-csid'
  | 'compliance-check'
  | 'production-csid'
  | 'renew-csid'
  | 'clearance'
  | 'reporting'
  | 'status'
  | 'generate-csr';

export function grantFrom(operation: ZatcaOperation, httpStatus: number, data: unknown): CsidGrant {
  const body = (data ?? {}) as Partial<CsidResponse>;
  if (httpStatus >= 200 && httpStatus < 300 && body.binarySecurityToken && body.secret) {
    return {
      binarySecurityToken: body.binarySecurityToken,
      secret: body.secret,
      requestId: String(body.requestID ?? ''),
      dispositionMessage: body.dispositionMessage,
      certificateBase64: certificateFromBinarySecurityToken(body.binarySecurityToken),
    };
  }
  const { code, message } = firstError(data, httpStatus);
  const errorClass = httpStatus >= 400 && httpStatus < 500 && httpStatus !== 404 ? 'rejected' : 'config';
  throw new ComplianceError(errorClass, `ZATCA ${operation}: ${message}`, {
    code,
    response: summariseBody(data),
  });
}

export function invoiceResultFrom(
  operation: ZatcaOperation,
  httpStatus: number,
  data: unknown,
): ZatcaInvoiceResult {
  const body = (data ?? {}) as InvoiceResponse;
  const { errors, warnings } = readValidationMessages(body.validationResults);
  const status = body.clearanceStatus ?? body.reportingStatus ?? body.validationResults?.status ?? '';
  const base = { httpStatus, status, warnings, errors, response: data };
  // 303 See Other on clearance: ZATCA has clearance switched off for the taxpayer; report the invoice.
  if (httpStatus === 303 && operation === 'clearance') return { ...base, outcome: 'report-instead' };
  if (httpStatus === 409 || httpStatus === 208) {
    const cleared = (data as { clearedInvoice?: unknown } | undefined)?.clearedInvoice;
    return {
      ...base,
      outcome: 'duplicate',
      clearedInvoiceBase64: typeof cleared === 'string' && cleared ? cleared : undefined,
    };
  }
  if (httpStatus === 400 || status === 'NOT_CLEARED' || status === 'NOT_REPORTED') {
    if (errors.length === 0) errors.push(syntheticError(firstError(data, httpStatus)));
    return { ...base, outcome: 'rejected' };
  }
  if (httpStatus === 200 || httpStatus === 202) {
    return { ...base, outcome: 'accepted', clearedInvoiceBase64: body.clearedInvoice ?? undefined };
  }
  const { code, message } = firstError(data, httpStatus);
  throw new ComplianceError('config', `ZATCA ${operation}: unexpected HTTP ${httpStatus}: ${message}`, {
    code,
    response: summariseBody(data),
  });
}

/** Operations that spend the taxpayer's single-use OTP. */
export const OTP_OPERATIONS: ReadonlySet<ZatcaOperation> = new Set(['compliance-csid', 'renew-csid']);

/**
 * A request carrying a single-use OTP may have reached ZATCA and spent it: sending it again cannot
 * succeed, so it is not retried; the operator gets a new OTP from the Fatoora portal.
 */
export function otpMaybeSpent(operation: ZatcaOperation, what: string): ComplianceError {
  return new ComplianceError(
    'rejected',
    `ZATCA ${operation}: ${what} after the request was sent; the single-use OTP may have been spent, so it is not sent again: get a new OTP from the Fatoora portal and onboard again`,
    { code: 'OTP_MAYBE_SPENT' },
  );
}

export function networkFailure(operation: ZatcaOperation, error: unknown): ComplianceError {
  // No connection (refused, unresolved, unreachable): nothing reached ZATCA. Anything later may have been applied.
  const { code, neverSent } = readNetworkFailure(error);
  if (!neverSent && OTP_OPERATIONS.has(operation)) return otpMaybeSpent(operation, code);
  const changesState = operation === 'clearance' || operation === 'reporting';
  const errorClass = neverSent || !changesState ? 'transient' : 'unknown-outcome';
  return new ComplianceError(errorClass, `ZATCA ${operation}: ${code}`, { code });
}

function firstError(data: unknown, status: number): { code: string; message: string } {
  const body = (data ?? {}) as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    validationResults?: InvoiceResponse['validationResults'];
  };
  const fromResults = body.validationResults?.errorMessages?.[0];
  if (fromResults) return { code: fromResults.code, message: fromResults.message };
  const list = Array.isArray(body.errors) ? (body.errors as { code?: unknown; message?: unknown }[]) : [];
  const first = list[0] ?? body;
  const code = typeof first.code === 'string' ? first.code : String(status);
  const message =
    typeof first.message === 'string'
      ? first.message
      : typeof data === 'string'
        ? data.slice(0, 300)
        : `HTTP ${status}`;
  return { code, message };
}

function syntheticError(error: { code: string; message: string }): ValidationMessage {
  return { type: 'ERROR', code: error.code, category: 'HTTP', message: error.message, status: 'ERROR' };
}

/** ZATCA's binarySecurityToken is base64 of the certificate's base64 DER text. */
export function certificateFromBinarySecurityToken(binarySecurityToken: string): string {
  return Buffer.from(binarySecurityToken, 'base64').toString('utf8').replace(/\s+/g, '');
}

export function readValidationMessages(results: Partial<ValidationResults> | undefined): {
  errors: ValidationMessage[];
  warnings: ValidationMessage[];
} {
  return {
    errors: [...(results?.errorMessages ?? [])],
    warnings: [...(results?.warningMessages ?? [])],
  };
}

/** A response body fit for storing with an error: secrets replaced, long strings cut. */
export function summariseBody(data: unknown, depth = 0): unknown {
  if (typeof data === 'string') return data.length > 2000 ? `${data.slice(0, 2000)}…` : data;
  if (Array.isArray(data))
    return depth > 5 ? '[…]' : data.slice(0, 50).map((item) => summariseBody(item, depth + 1));
  if (data && typeof data === 'object') {
    if (depth > 5) return '{…}';
    return Object.fromEntries(
      Object.entries(data as Record<string, unknown>).map(([key, value]) => [
        key,
        isSecretKey(key) ? REDACTED : summariseBody(value, depth + 1),
      ]),
    );
  }
  return data;
}
