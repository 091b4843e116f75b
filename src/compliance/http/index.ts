export { backoffDelay, retryAfterMs, sleep } from './backoff';
export type { BackoffOptions } from './backoff';
export { ClientRateLimiter, NO_CLIENT_PACING } from './client-rate-limiter';
export type { RateLimiter } from './rate-limiter';
export type { ClientRateLimit } from './client-rate-limiter';
export { ComplianceHttpClient, DEFAULT_HTTP_POLICY } from './compliance-http-client';
export type {
  ComplianceHttpClientOptions,
  ComplianceRequest,
  ComplianceResponse,
  HttpPolicy,
} from './compliance-http-client';
export { CollectingHttpLogger, silentHttpLogger } from './http-logger';
export type { HttpLogEntry, HttpLogger } from './http-logger';
export { REDACTED, isSecretKey, redact } from '../../security';
export { readNetworkFailure } from '../../http';
export { monotonicNow } from '../../domain';
export type { NetworkFailure } from '../../http';
export { TokenManager, callWithReauth } from './token-manager';
export type { TokenManagerOptions } from './token-manager';
export { InMemoryTokenStore, tokenKey } from './token-store';
export type { StoredToken, TokenStore } from './token-store';
export {
  CIRCUIT_OPEN,
  CircuitBreaker,
  DEFAULT_CIRCUIT_BREAKER_POLICY,
  SHARED_CIRCUIT_BREAKER,
} from './circuit-breaker';
export type { CircuitBreakerPolicy } from './circuit-breaker';
export { fetchClientCredentialsToken } from './oauth2-client-credentials';
export type { ClientCredentialsRequest } from './oauth2-client-credentials';
export type {
  GspAccount,
  GspCall,
  GspEnvelope,
  GspErrorEntry,
  GspErrorKind,
  GspProfile,
  GspSessionDeps,
} from '../nic-gateway/gsp-session';
export { ProviderThrottle, SHARED_PROVIDER_THROTTLE } from './provider-throttle';
export type { ProviderThrottleState } from './provider-throttle';
export { gatewayTransport } from './gateway-transport';
export { TLS12_AGENT } from './tls';
