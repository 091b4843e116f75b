/**
 * OAuth2 client-credentials token request (RFC 6749 §4.4): a form-urlencoded POST of grant_type,
 * client_id and client_secret to the provider's token endpoint, answered {access_token, expires_in}.
 * An answer without expires_in gets `defaultLifetimeSeconds` (the documents state 1 hour).
 */
import { ComplianceError } from '../regime';
import type { ComplianceHttpClient } from './compliance-http-client';
import type { StoredToken } from './token-store';

export interface ClientCredentialsRequest {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  rateKey: string;
  now: () => number;
  defaultLifetimeSeconds?: number;
}

export async function fetchClientCredentialsToken(
  http: ComplianceHttpClient,
  request: ClientCredentialsRequest,
): Promise<StoredToken> {
  const response = await http.send<{ access_token?: unknown; expires_in?: unknown; error?: unknown }>({
    operation: 'token',
    method: 'POST',
    url: request.tokenUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    data: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: request.clientId,
      client_secret: request.clientSecret,
    }).toString(),
    idempotent: true,
    rateKey: request.rateKey,
  });
  const body = typeof response.data === 'object' && response.data !== null ? response.data : {};
  const token = body.access_token;
  if (response.status !== 200 || typeof token !== 'string' || token === '') {
    const error = typeof body.error === 'string' ? body.error : undefined;
    throw new ComplianceError(
      response.status === 404 ? 'config' : 'auth',
      `token request to the provider failed (HTTP ${response.status}: ${error ?? 'no access_token'})`,
      { code: error ?? `HTTP_${response.status}`, response: body },
    );
  }
  const seconds = Number(body.expires_in);
  const lifetime =
    Number.isFinite(seconds) && seconds > 0 ? seconds : (request.defaultLifetimeSeconds ?? 3600);
  return { token, expiresAtMs: request.now() + lifetime * 1000 };
}
