/**
 * Client of ZATCA's Fatoora API (V2): CSID onboarding, compliance checks, clearance and reporting.
 *
 * Classes of failure follow the connector's rules: 400 on an invoice is a rejection with ZATCA's messages
 * kept verbatim; 409/208 mean ZATCA already has this invoice (accepted; its cleared XML kept when sent);
 * 303 on clearance means clearance is switched off (report instead); 401/403 are auth; 429/5xx and
 * connection failures are transient; a timeout or reset after the request left us is an unknown outcome
 * (safe to retry only with the same stored XML, which ZATCA then answers as a duplicate) — except for
 * the OTP calls (POST /compliance, PATCH /production/csids): the OTP is single-use, so they are never
 * sent again after the request may have reached ZATCA. Calls go through the shared compliance HTTP
 * client (TLS 1.2, no redirects, the circuit breaker, one reading of network failures), sent once: the
 * job queue retries. Credentials, OTPs and CSRs never reach a log line or an error: errors carry a
 * sanitised summary, not the HTTP library's error.
 */
import type { Method } from 'axios';
import { retryAfterMs } from '../../compliance/http';
import type { CircuitBreaker } from '../../compliance/http';
import { ComplianceHttpClient, type ComplianceResponse } from '../../compliance/http';
import type { HttpLogger } from '../../compliance/http';
import { ComplianceError } from '../../compliance';
import type {
  CsidCredentials,
  CsidGrant,
  InvoiceSubmission,
  ZatcaInvoiceResult,
  ZatcaProvider,
} from './fatoora.types';
import { FATOORA_BASE_URLS, type ZatcaEnvironment } from './zatca-environment';
import {
  grantFrom,
  invoiceResultFrom,
  networkFailure,
  OTP_OPERATIONS,
  otpMaybeSpent,
  summariseBody,
  type ZatcaOperation,
} from './zatca-responses';

export interface FatooraClientOptions {
  /** Sandbox or proxy URL; defaults to the public URL of `environment`. */
  baseUrl?: string;
  environment?: ZatcaEnvironment;
  timeoutMs?: number;
  /** Only method, path, status and duration are logged, never headers or bodies. */
  log?: { info(message: string, meta?: object): void };
  /** Each attempt observed (the service's /metrics); entries logged where it wants them. */
  httpLogger?: HttpLogger;
  /** Default: the process-wide breaker; ZATCA in an outage is not called by every invoice. */
  circuitBreaker?: CircuitBreaker;
}

/** Sent with every call: ZATCA's API version and the answer's language and type. */
const FATOORA_HEADERS = {
  'Accept-Version': 'V2',
  'Accept-Language': 'en',
  Accept: 'application/json',
  'Content-Type': 'application/json',
};

/**
 * Calls ZATCA answers as a duplicate when sent again with the same body: a network failure after the
 * request left us is transient for them; for clearance and reporting it is an unknown outcome (resend
 * only the stored XML), for the OTP calls a possibly spent OTP.
 */
const RESENDABLE: ReadonlySet<ZatcaOperation> = new Set(['compliance-check', 'production-csid']);

export class FatooraClient implements ZatcaProvider {
  readonly kind = 'fatoora' as const;
  readonly baseUrl: string;
  private readonly http: ComplianceHttpClient;

  constructor(options: FatooraClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? FATOORA_BASE_URLS[options.environment ?? 'simulation']).replace(
      /\/+$/,
      '',
    );
    this.http = new ComplianceHttpClient({
      provider: 'fatoora',
      policy: { timeoutMs: options.timeoutMs ?? 30_000, maxAttempts: 1 },
      logger: options.httpLogger ?? (options.log && callLogger(options.log)),
      circuitBreaker: options.circuitBreaker,
    });
  }

  async requestComplianceCsid(csrBase64: string, otp: string): Promise<CsidGrant> {
    const response = await this.send(
      'compliance-csid',
      'POST',
      '/compliance',
      { csr: csrBase64 },
      { OTP: otp },
    );
    return grantFrom('compliance-csid', response.status, response.data);
  }

  async complianceCheck(
    credentials: CsidCredentials,
    submission: InvoiceSubmission,
  ): Promise<ZatcaInvoiceResult> {
    const response = await this.send(
      'compliance-check',
      'POST',
      '/compliance/invoices',
      submission,
      basicAuth(credentials),
    );
    return invoiceResultFrom('compliance-check', response.status, response.data);
  }

  async requestProductionCsid(
    complianceCredentials: CsidCredentials,
    complianceRequestId: string,
  ): Promise<CsidGrant> {
    const response = await this.send(
      'production-csid',
      'POST',
      '/production/csids',
      { compliance_request_id: complianceRequestId },
      basicAuth(complianceCredentials),
    );
    return grantFrom('production-csid', response.status, response.data);
  }

  async renewProductionCsid(
    productionCredentials: CsidCredentials,
    csrBase64: string,
    otp: string,
  ): Promise<CsidGrant> {
    const response = await this.send(
      'renew-csid',
      'PATCH',
      '/production/csids',
      { csr: csrBase64 },
      { ...basicAuth(productionCredentials), OTP: otp },
    );
    return grantFrom('renew-csid', response.status, response.data);
  }

  async clear(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
    const response = await this.send('clearance', 'POST', '/invoices/clearance/single', submission, {
      ...basicAuth(credentials),
      'Clearance-Status': '1',
    });
    return invoiceResultFrom('clearance', response.status, response.data);
  }

  async report(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
    const response = await this.send('reporting', 'POST', '/invoices/reporting/single', submission, {
      ...basicAuth(credentials),
      'Clearance-Status': '0',
    });
    return invoiceResultFrom('reporting', response.status, response.data);
  }

  private async send(
    operation: ZatcaOperation,
    method: Method,
    path: string,
    body: object,
    headers: Record<string, string>,
  ): Promise<ComplianceResponse> {
    let response: ComplianceResponse;
    try {
      response = await this.http.send({
        operation,
        method,
        url: `${this.baseUrl}${path}`,
        headers: { ...FATOORA_HEADERS, ...headers },
        data: body,
        idempotent: RESENDABLE.has(operation),
        rateKey: `fatoora|${this.baseUrl}`,
        returnErrorAnswers: true,
      });
    } catch (error) {
      // No answer: the HTTP client says why; ZATCA's rules say what that means for this operation.
      const cause = error instanceof ComplianceError ? error.options.cause : undefined;
      if (cause === undefined) throw error; // the circuit is open: nothing was sent
      throw networkFailure(operation, cause);
    }
    if (response.status === 401 || response.status === 403) {
      throw new ComplianceError(
        'auth',
        `ZATCA ${operation}: HTTP ${response.status} (CSID or OTP not accepted)`,
        { code: String(response.status), response: summariseBody(response.data) },
      );
    }
    if (response.status >= 500 && OTP_OPERATIONS.has(operation)) {
      throw otpMaybeSpent(operation, `HTTP ${response.status}`);
    }
    if (response.status === 429 || response.status >= 500) {
      throw new ComplianceError('transient', `ZATCA ${operation}: HTTP ${response.status}`, {
        code: String(response.status),
        retryAfterMs: retryAfterMs(response.headers['retry-after']),
        response: summariseBody(response.data),
      });
    }
    return response;
  }
}

/** Only method, path, status and duration of each call: never headers or bodies. */
function callLogger(log: NonNullable<FatooraClientOptions['log']>): HttpLogger {
  return {
    enabled: () => false,
    log: () => undefined,
    observe: (call) =>
      log.info('fatoora call', { operation: call.operation, status: call.status, ms: call.durationMs }),
  };
}

export function basicAuth(credentials: CsidCredentials): Record<string, string> {
  return {
    Authorization: `Basic ${Buffer.from(`${credentials.binarySecurityToken}:${credentials.secret}`, 'utf8').toString('base64')}`,
  };
}
