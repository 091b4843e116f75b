/**
 * What every client of a token-authenticated gateway builds the same way: its HTTP client (the shared
 * rate limiter, breaker and logger when the process gives them, else the client's own pacing) and its
 * token manager (the shared token store, else one in memory), keyed by who the token belongs to.
 */
import { ClientRateLimiter, type ClientRateLimit } from './client-rate-limiter';
import { ComplianceHttpClient, type HttpPolicy } from './compliance-http-client';
import type { CircuitBreaker } from './circuit-breaker';
import type { HttpLogger } from './http-logger';
import type { RateLimiter } from './rate-limiter';
import { TokenManager } from './token-manager';
import { InMemoryTokenStore, tokenKey, type StoredToken, type TokenStore } from './token-store';

/** Shared machinery, injected so every client of a process shares one token store and rate limiter. */
export interface GatewayDeps {
  tokenStore?: TokenStore;
  rateLimiter?: RateLimiter;
  /** Default: the process-wide breaker (one circuit per provider and origin). */
  circuitBreaker?: CircuitBreaker;
  logger?: HttpLogger;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface GatewayClientSettings {
  clientId: string;
  http?: Partial<HttpPolicy>;
  rateLimit?: ClientRateLimit;
  tokenRefreshAheadMs?: number;
}

export interface GatewayTransport {
  http: ComplianceHttpClient;
  tokens: TokenManager;
  /** The rate-limit key of the client id: every call of this client counts against it. */
  rateKey: string;
}

/**
 * `tokenOwner`: what tells one token from another (base URL, client id, user, GSTIN); `authenticate`
 * fetches a token over the transport's own HTTP client.
 */
export function gatewayTransport(
  provider: string,
  settings: GatewayClientSettings,
  tokenOwner: readonly string[],
  deps: GatewayDeps,
  authenticate: (http: ComplianceHttpClient, rateKey: string) => Promise<StoredToken>,
): GatewayTransport {
  const rateKey = tokenKey(provider, settings.clientId);
  const http = new ComplianceHttpClient({
    provider,
    policy: settings.http,
    logger: deps.logger,
    rateLimiter: deps.rateLimiter ?? new ClientRateLimiter(settings.rateLimit, deps.now, deps.sleep),
    circuitBreaker: deps.circuitBreaker,
    sleep: deps.sleep,
  });
  const tokens = new TokenManager(
    deps.tokenStore ?? new InMemoryTokenStore(),
    tokenKey(provider, ...tokenOwner),
    () => authenticate(http, rateKey),
    { refreshAheadMs: settings.tokenRefreshAheadMs, now: deps.now },
  );
  return { http, tokens, rateKey };
}
