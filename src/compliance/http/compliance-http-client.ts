/**
 * The one way compliance clients talk HTTP: per-key pacing, a timeout, retries with exponential backoff
 * on transient failures only (network errors, 5xx, 429 with its Retry-After), never on 4xx answers, and
 * redacted structured logs. A request that may have reached the server (timeout, connection dropped
 * mid-answer) is retried only when idempotent; otherwise it becomes `unknown-outcome` so the caller
 * looks the document up before sending again. Non-429 4xx answers, and redirects (never followed), are
 * returned for the caller to read.
 */
import axios, { type AxiosResponse, type Method } from 'axios';
import { TLS12_AGENT } from './tls';
import { ComplianceError } from '../regime';
import { backoffDelay, retryAfterMs, sleep as realSleep } from './backoff';
import { SHARED_CIRCUIT_BREAKER, type CircuitBreaker, type CircuitBreakerPolicy } from './circuit-breaker';
import { ClientRateLimiter } from './client-rate-limiter';
import type { RateLimiter } from './rate-limiter';
import { SHARED_PROVIDER_THROTTLE, type ProviderThrottle } from './provider-throttle';
import { silentHttpLogger, type HttpLogger } from './http-logger';
import { readNetworkFailure } from '../../http';
import { redact } from '../../security';

export interface HttpPolicy {
  timeoutMs: number;
  /** Attempts in total, the first included. */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Longest Retry-After we wait inside one call; beyond it the error goes back to the job queue. */
  maxRetryAfterMs: number;
  /** 429 answers waited out inside one call (they do not use up `maxAttempts`). */
  maxRateLimitedRetries: number;
  /** This provider's circuit breaker settings; default DEFAULT_CIRCUIT_BREAKER_POLICY. */
  circuit?: Partial<CircuitBreakerPolicy>;
}

export const DEFAULT_HTTP_POLICY: HttpPolicy = {
  timeoutMs: 30_000,
  maxAttempts: 3,
  backoffBaseMs: 1_000,
  backoffMaxMs: 8_000,
  maxRetryAfterMs: 60_000,
  maxRateLimitedRetries: 10,
};

export interface ComplianceRequest {
  /** Short name for logs: "generate", "auth", ... */
  operation: string;
  method: Method;
  url: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  data?: unknown;
  /** Safe to send twice (reads, token requests). */
  idempotent: boolean;
  /** Pacing key: provider + client id. */
  rateKey: string;
  /**
   * 429 and 5xx answers are returned for the caller to class (once, not retried inside the call), for
   * clients whose provider gives those answers a meaning of its own (ZATCA's single-use OTP calls).
   */
  returnErrorAnswers?: boolean;
}

export interface ComplianceResponse<T = unknown> {
  status: number;
  data: T;
  headers: Record<string, unknown>;
}

export interface ComplianceHttpClientOptions {
  provider: string;
  policy?: Partial<HttpPolicy>;
  logger?: HttpLogger;
  rateLimiter?: RateLimiter;
  /** Default: one breaker shared by the whole process, keyed by provider and origin. */
  circuitBreaker?: CircuitBreaker;
  /** Where a 429's hold is recorded for health, status and metrics; default: the process's one. */
  throttle?: ProviderThrottle;
  sleep?: (ms: number) => Promise<void>;
}

export class ComplianceHttpClient {
  readonly policy: HttpPolicy;
  private readonly logger: HttpLogger;
  private readonly rateLimiter: RateLimiter;
  private readonly sleep: (ms: number) => Promise<void>;
  readonly circuitBreaker: CircuitBreaker;
  private readonly throttle: ProviderThrottle;

  constructor(private readonly options: ComplianceHttpClientOptions) {
    this.policy = { ...DEFAULT_HTTP_POLICY, ...options.policy };
    this.logger = options.logger ?? silentHttpLogger;
    this.rateLimiter = options.rateLimiter ?? new ClientRateLimiter();
    this.sleep = options.sleep ?? realSleep;
    this.circuitBreaker = options.circuitBreaker ?? SHARED_CIRCUIT_BREAKER;
    this.throttle = options.throttle ?? SHARED_PROVIDER_THROTTLE;
  }

  /** The breaker's key for a request: the provider at one origin. */
  circuitKey(url: string): string {
    let origin = url;
    try {
      origin = new URL(url).origin;
    } catch {
      // not absolute: the whole text names the provider
    }
    return `${this.options.provider}|${origin}`;
  }

  /**
   * An answer that reached us but says the provider (or the authority behind it) is down, e.g. a GSP's
   * GSPGSTDOWN in a 200 envelope: counted like a 5xx.
   */
  reportOutage(url: string): void {
    this.circuitBreaker.failed(this.circuitKey(url), this.policy.circuit);
  }

  async send<T = unknown>(request: ComplianceRequest): Promise<ComplianceResponse<T>> {
    let rateLimited = 0;
    const circuit = this.circuitKey(request.url);
    for (let attempt = 1; ; attempt++) {
      const lastAttempt = attempt >= this.policy.maxAttempts;
      this.circuitBreaker.admit(circuit, request.operation, this.policy.circuit);
      await this.rateLimiter.acquire(request.rateKey);
      const started = Date.now();
      let response: AxiosResponse<T>;
      try {
        response = await axios.request<T>({
          httpsAgent: TLS12_AGENT,
          method: request.method,
          url: request.url,
          headers: request.headers,
          params: request.params,
          data: request.data,
          timeout: this.policy.timeoutMs,
          validateStatus: () => true,
          // A redirect is answered, not followed: re-sending a signed invoice or credentials to wherever a
          // Location header points is not this client's call. Axios also skips its redirect-following
          // transport then (~50-80 µs of CPU a request).
          maxRedirects: 0,
        });
      } catch (error) {
        const failure = classifyNetworkError(error, request);
        this.circuitBreaker.failed(circuit, this.policy.circuit);
        this.logAttempt(
          request,
          attempt,
          started,
          undefined,
          undefined,
          failure.errorClass + ':' + failure.code,
        );
        if (failure.errorClass === 'unknown-outcome' || lastAttempt) {
          throw new ComplianceError(failure.errorClass, `${request.operation}: ${failure.message}`, {
            code: failure.code,
            cause: error,
          });
        }
        await this.sleep(this.backoff(attempt));
        continue;
      }
      this.logAttempt(request, attempt, started, response.status, response.data);
      if (response.status >= 500) this.circuitBreaker.failed(circuit, this.policy.circuit);
      else this.circuitBreaker.succeeded(circuit);
      if (request.returnErrorAnswers) return answer(response);
      if (response.status === 429) {
        const wait = retryAfterMs(response.headers['retry-after']) ?? this.backoff(attempt);
        this.rateLimiter.pause(request.rateKey, wait);
        this.throttle.hold(this.options.provider, request.rateKey, Date.now() + wait);
        rateLimited += 1;
        attempt -= 1;
        if (rateLimited > this.policy.maxRateLimitedRetries || wait > this.policy.maxRetryAfterMs) {
          throw new ComplianceError('transient', `${request.operation}: rate limited (HTTP 429)`, {
            code: 'HTTP_429',
            retryAfterMs: wait,
            response: redact(response.data),
          });
        }
        continue;
      }
      if (response.status >= 500) {
        if (!request.idempotent) {
          throw new ComplianceError(
            'unknown-outcome',
            `${request.operation}: HTTP ${response.status} (the request may have been applied; look it up before sending again)`,
            { code: `HTTP_${response.status}`, response: redact(response.data) },
          );
        }
        if (lastAttempt) {
          throw new ComplianceError('transient', `${request.operation}: HTTP ${response.status}`, {
            code: `HTTP_${response.status}`,
            response: redact(response.data),
          });
        }
        await this.sleep(this.backoff(attempt));
        continue;
      }
      return answer(response);
    }
  }

  private backoff(attempt: number): number {
    return backoffDelay(attempt, { baseMs: this.policy.backoffBaseMs, maxMs: this.policy.backoffMaxMs });
  }

  private logAttempt(
    request: ComplianceRequest,
    attempt: number,
    started: number,
    status?: number,
    responseBody?: unknown,
    error?: string,
  ): void {
    const durationMs = Date.now() - started;
    this.logger.observe?.({
      provider: this.options.provider,
      operation: request.operation,
      status,
      durationMs,
      error,
    });
    if (this.logger.enabled?.() === false) return;
    this.logger.log({
      provider: this.options.provider,
      operation: request.operation,
      method: request.method.toUpperCase(),
      url: request.url,
      attempt,
      status,
      durationMs,
      error,
      requestHeaders: redact(request.headers ?? {}),
      requestBody: redact(request.data),
      responseBody: redact(responseBody),
    });
  }
}

function answer<T>(response: AxiosResponse<T>): ComplianceResponse<T> {
  return { status: response.status, data: response.data, headers: { ...response.headers } };
}

interface ClassedNetworkFailure {
  errorClass: 'transient' | 'unknown-outcome';
  code: string;
  message: string;
}

function classifyNetworkError(error: unknown, request: ComplianceRequest): ClassedNetworkFailure {
  const { code, neverSent, timedOut, message } = readNetworkFailure(error);
  if (neverSent) return { errorClass: 'transient', code, message };
  if (request.idempotent) return { errorClass: 'transient', code: timedOut ? 'TIMEOUT' : code, message };
  return {
    errorClass: 'unknown-outcome',
    code: timedOut ? 'TIMEOUT' : code,
    message: `${message} (the request may have been applied)`,
  };
}
