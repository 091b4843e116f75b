/**
 * How an ERP's HTTP answers and network failures become classed connector errors, as the contract
 * defines the classes: 401/403 are the settings to fix (credentials, permissions); 408, 429, 5xx and
 * network failures are transient (retried, honouring Retry-After); any other refusal is a system error (a
 * request the connector should not have made). Every HTTP-speaking connector classes failures here.
 */
import { readNetworkFailure, retryAfterMs } from '../../http';
import { ConnectorError } from '../contract';

/** The ERP's answer, as much of it as classing needs. */
export interface HttpAnswer {
  status: number;
  /** Header lookup (case-insensitive), e.g. `Headers.get` or a Node `IncomingHttpHeaders` reader. */
  header(name: string): string | undefined;
  /** The start of the body, for the operator; never credentials (the caller cuts and redacts). */
  excerpt?: string;
}

export function connectorErrorForStatus(erp: string, answer: HttpAnswer): ConnectorError {
  const { status } = answer;
  const details: Record<string, unknown> = { status };
  if (answer.excerpt) details.body = answer.excerpt;
  if (status === 401 || status === 403) {
    return new ConnectorError(
      'config',
      `${erp} refused the credentials (HTTP ${status}): check the connector's settings`,
      details,
    );
  }
  if (status === 408 || status === 429 || status >= 500) {
    const wait = retryAfterMs(answer.header('retry-after'));
    if (wait !== undefined) details.retryAfterMs = wait;
    return new ConnectorError('transient', `${erp} answered HTTP ${status}`, details);
  }
  return new ConnectorError('system', `${erp} refused the request (HTTP ${status})`, details);
}

/** A request that got no answer: transient, with whether it surely never reached the ERP. */
export function connectorErrorForNetworkFailure(erp: string, error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const failure = readNetworkFailure(error);
  if (failure.code === 'ERR_INVALID_URL')
    return new ConnectorError('config', `${erp}: the URL is not valid`, { code: failure.code });
  return new ConnectorError(
    'transient',
    `${erp} is not reachable: ${failure.timedOut ? 'no answer in time' : failure.code}`,
    { code: failure.code, neverSent: failure.neverSent },
  );
}
