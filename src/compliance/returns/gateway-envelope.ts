/**
 * The catalog A answer: {status_cd: "1" | "0", status_desc, header?: {txn}, data, error?: {error_cd,
 * message}}, with HTTP 200 for refusals as well. Read here once for every operation.
 */
import { ComplianceError } from '../regime';

export interface GatewayEnvelope<T = unknown> {
  status_cd?: string | number;
  status_desc?: unknown;
  header?: Record<string, unknown>;
  data?: T;
  error?: { error_cd?: string; message?: string } | null;
}

/** Error codes of session problems: the session must be re-established (OTP), not retried. */
const AUTH_CODES = /^(AUTH|RET2B1010|RET11402|TKN)/i;
/** GSTR-2B not generated yet or asked for before the cut-off: ask again later. */
const NOT_YET_CODES = new Set(['RET2B1023', 'RET2B1018']);

export function envelopeOk(envelope: GatewayEnvelope | undefined): boolean {
  return String(envelope?.status_cd ?? '') === '1';
}

export function envelopeError(
  operation: string,
  status: number,
  envelope: GatewayEnvelope | undefined,
): ComplianceError {
  const code = envelope?.error?.error_cd;
  const message =
    envelope?.error?.message ??
    (typeof envelope?.status_desc === 'string' ? envelope.status_desc : undefined);
  const text = `${operation}: ${code ? `${code} ` : ''}${message ?? `HTTP ${status} without a status`}`;
  if (status === 401 || status === 403 || (code && AUTH_CODES.test(code))) {
    return new ComplianceError('auth', text, { code, response: envelope });
  }
  if (code && NOT_YET_CODES.has(code))
    return new ComplianceError('transient', text, { code, response: envelope });
  if (status === 404)
    return new ComplianceError('rejected', text, { code: code ?? 'HTTP_404', response: envelope });
  return new ComplianceError('rejected', text, { code, response: envelope });
}

/** The session's transaction id, from the envelope's header (default), its data, or an HTTP header. */
export function transactionId(
  envelope: GatewayEnvelope | undefined,
  headers: Record<string, unknown>,
): string | undefined {
  const fromHeader = envelope?.header?.txn;
  if (typeof fromHeader === 'string' && fromHeader) return fromHeader;
  const data = envelope?.data as Record<string, unknown> | undefined;
  if (data && typeof data === 'object' && typeof data.txn === 'string' && data.txn) return data.txn;
  const http = headers.txn;
  return typeof http === 'string' && http ? http : undefined;
}
