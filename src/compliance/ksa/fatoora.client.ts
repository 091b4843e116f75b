/**
 * Client of ZATCA's Fatoora API (V2): CSID onboarding, compliance checks, clearance and reporting.
 *
 * Classes of failure follow the connector's rules: 400 on an invoice is a rejection with ZATCA's messages
 * kept verbatim; 409/208 mean ZATCA already has this invoice (accepted; its cleared XML kept when sent);
 * 303 on clearance means clearance is switched off (report instead); 401/403 are auth; 429/5xx and
 * connection failures are transient; a timeout or reset after the request left us is an unknown outcome
 * (safe to retry only with the same stored XML, which ZATCA then answers as a duplicate) — except for
 * the OTP calls (POST /compliance, PATCH /production/csids): the OTP is single-use, so they are never
 * sent again after the request may have reached ZATCA. Credentials,
 * OTPs and CSRs never reach a log line or an error: errors carry a sanitised summary, not axios' error.
 */
import axios, { type AxiosInstance, type AxiosResponse, type Method } from 'axios';
import { SHARED_CIRCUIT_BREAKER, type CircuitBreaker } from '../http/circuit-breaker';
import { TLS12_AGENT } from '../http/tls';
import { ComplianceError } from '../regime';
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
  retryAfterMs,
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
  /** Default: the process-wide breaker; ZATCA in an outage is not called by every invoice. */
  circuitBreaker?: CircuitBreaker;
}

export class FatooraClient implements ZatcaProvider {
  readonly kind = 'fatoora' as const;
  readonly baseUrl: string;
  private readonly http: AxiosInstance;

  constructor(private readonly options: FatooraClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? FATOORA_BASE_URLS[options.environment ?? 'simulation']).replace(
      /\/+$/,
      '',
    );
    this.http = axios.create({
      httpsAgent: TLS12_AGENT,
      baseURL: this.baseUrl,
      timeout: options.timeoutMs ?? 30_000,
      headers: {
        'Accept-Version': 'V2',
        'Accept-Language': 'en',
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      validateStatus: () => true,
      // never follow a redirect with our Basic credentials
      maxRedirects: 0,
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
  ): Promise<AxiosResponse<unknown>> {
    const breaker = this.options.circuitBreaker ?? SHARED_CIRCUIT_BREAKER;
    const circuit = `fatoora|${this.baseUrl}`;
    breaker.admit(circuit, `ZATCA ${operation}`);
    const started = Date.now();
    let response: AxiosResponse<unknown>;
    try {
      response = await this.http.request<unknown>({ method, url: path, data: body, headers });
    } catch (error) {
      breaker.failed(circuit);
      throw networkFailure(operation, error);
    }
    if (response.status >= 500) breaker.failed(circuit);
    else breaker.succeeded(circuit);
    this.options.log?.info('fatoora call', {
      operation,
      method,
      path,
      status: response.status,
      ms: Date.now() - started,
    });
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

export function basicAuth(credentials: CsidCredentials): Record<string, string> {
  return {
    Authorization: `Basic ${Buffer.from(`${credentials.binarySecurityToken}:${credentials.secret}`, 'utf8').toString('base64')}`,
  };
}
