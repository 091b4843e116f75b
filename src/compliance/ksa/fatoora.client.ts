/**
 * Client of ZATCA's Fatoora API (V2): CSID onboarding, compliance checks, clearance and reporting.
 *
 * Classes of failure follow the connector's rules: 400 on an invoice is a rejection with ZATCA's messages
 * kept verbatim; 409/208 mean ZATCA already has this invoice (accepted); 401/403 are auth; 429/5xx and
 * connection failures are transient; a timeout or reset after the request left us is an unknown outcome
 * (safe to retry only with the same stored XML, which ZATCA then answers as a duplicate). Credentials,
 * OTPs and CSRs never reach a log line or an error: errors carry a sanitised summary, not axios' error.
 */
import axios, { type AxiosInstance, type AxiosResponse, type Method } from 'axios';
import { ComplianceError } from '../regime';
import type { CsidCredentials, CsidGrant, CsidResponse, InvoiceResponse, InvoiceSubmission, ValidationMessage, ZatcaInvoiceResult, ZatcaProvider } from './fatoora.types';
import { FATOORA_BASE_URLS, type ZatcaEnvironment } from './zatca-environment';
import { certificateFromBinarySecurityToken, readValidationMessages, retryAfterMs, summariseBody } from './zatca-responses';

export interface FatooraClientOptions {
  /** Sandbox or proxy URL; defaults to the public URL of `environment`. */
  baseUrl?: string;
  environment?: ZatcaEnvironment;
  timeoutMs?: number;
  /** Only method, path, status and duration are logged, never headers or bodies. */
  log?: { info(message: string, meta?: object): void };
}

type Operation = 'compliance-csid' | 'compliance-check' | 'production-csid' | 'renew-csid' | 'clearance' | 'reporting';

export class FatooraClient implements ZatcaProvider {
  readonly kind = 'fatoora' as const;
  readonly baseUrl: string;
  private readonly http: AxiosInstance;

  constructor(private readonly options: FatooraClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? FATOORA_BASE_URLS[options.environment ?? 'simulation']).replace(/\/+$/, '');
    this.http = axios.create({
      baseURL: this.baseUrl,
      timeout: options.timeoutMs ?? 30_000,
      headers: { 'Accept-Version': 'V2', 'Accept-Language': 'en', Accept: 'application/json', 'Content-Type': 'application/json' },
      validateStatus: () => true,
      // never follow a redirect with our Basic credentials
      maxRedirects: 0,
    });
  }

  async requestComplianceCsid(csrBase64: string, otp: string): Promise<CsidGrant> {
    const response = await this.send('compliance-csid', 'POST', '/compliance', { csr: csrBase64 }, { OTP: otp });
    return this.toGrant('compliance-csid', response);
  }

  async complianceCheck(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
    const response = await this.send('compliance-check', 'POST', '/compliance/invoices', submission, basicAuth(credentials));
    return this.toInvoiceResult('compliance-check', response);
  }

  async requestProductionCsid(complianceCredentials: CsidCredentials, complianceRequestId: string): Promise<CsidGrant> {
    const response = await this.send('production-csid', 'POST', '/production/csids', { compliance_request_id: complianceRequestId }, basicAuth(complianceCredentials));
    return this.toGrant('production-csid', response);
  }

  async renewProductionCsid(productionCredentials: CsidCredentials, csrBase64: string, otp: string): Promise<CsidGrant> {
    const response = await this.send('renew-csid', 'PATCH', '/production/csids', { csr: csrBase64 }, { ...basicAuth(productionCredentials), OTP: otp });
    return this.toGrant('renew-csid', response);
  }

  async clear(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
    const response = await this.send('clearance', 'POST', '/invoices/clearance/single', submission, { ...basicAuth(credentials), 'Clearance-Status': '1' });
    return this.toInvoiceResult('clearance', response);
  }

  async report(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
    const response = await this.send('reporting', 'POST', '/invoices/reporting/single', submission, { ...basicAuth(credentials), 'Clearance-Status': '0' });
    return this.toInvoiceResult('reporting', response);
  }

  private async send(operation: Operation, method: Method, path: string, body: object, headers: Record<string, string>): Promise<AxiosResponse<unknown>> {
    const started = Date.now();
    let response: AxiosResponse<unknown>;
    try {
      response = await this.http.request<unknown>({ method, url: path, data: body, headers });
    } catch (error) {
      throw networkFailure(operation, error);
    }
    this.options.log?.info('fatoora call', { operation, method, path, status: response.status, ms: Date.now() - started });
    if (response.status === 401 || response.status === 403) {
      throw new ComplianceError('auth', `ZATCA ${operation}: HTTP ${response.status} (CSID or OTP not accepted)`, { code: String(response.status), response: summariseBody(response.data) });
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

  private toGrant(operation: Operation, response: AxiosResponse<unknown>): CsidGrant {
    const body = (response.data ?? {}) as Partial<CsidResponse>;
    if (response.status >= 200 && response.status < 300 && body.binarySecurityToken && body.secret) {
      return {
        binarySecurityToken: body.binarySecurityToken,
        secret: body.secret,
        requestId: String(body.requestID ?? ''),
        dispositionMessage: body.dispositionMessage,
        certificateBase64: certificateFromBinarySecurityToken(body.binarySecurityToken),
      };
    }
    const { code, message } = firstError(response.data, response.status);
    const errorClass = response.status >= 400 && response.status < 500 && response.status !== 404 ? 'rejected' : 'config';
    throw new ComplianceError(errorClass, `ZATCA ${operation}: ${message}`, { code, response: summariseBody(response.data) });
  }

  private toInvoiceResult(operation: Operation, response: AxiosResponse<unknown>): ZatcaInvoiceResult {
    const body = (response.data ?? {}) as InvoiceResponse;
    const { errors, warnings } = readValidationMessages(body.validationResults);
    const status = body.clearanceStatus ?? body.reportingStatus ?? body.validationResults?.status ?? '';
    const base = { httpStatus: response.status, status, warnings, errors, response: response.data };
    if (response.status === 409 || response.status === 208) return { ...base, outcome: 'duplicate' };
    if (response.status === 400 || status === 'NOT_CLEARED' || status === 'NOT_REPORTED') {
      if (errors.length === 0) errors.push(syntheticError(firstError(response.data, response.status)));
      return { ...base, outcome: 'rejected' };
    }
    if (response.status === 200 || response.status === 202) {
      return { ...base, outcome: 'accepted', clearedInvoiceBase64: body.clearedInvoice ?? undefined };
    }
    const { code, message } = firstError(response.data, response.status);
    throw new ComplianceError('config', `ZATCA ${operation}: unexpected HTTP ${response.status}: ${message}`, { code, response: summariseBody(response.data) });
  }
}

export function basicAuth(credentials: CsidCredentials): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${credentials.binarySecurityToken}:${credentials.secret}`, 'utf8').toString('base64')}` };
}

function networkFailure(operation: Operation, error: unknown): ComplianceError {
  const code = axios.isAxiosError(error) ? (error.code ?? 'NETWORK') : 'NETWORK';
  // Refused/unresolved: nothing reached ZATCA. Anything later may have been applied.
  const neverSent = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
  const changesState = operation === 'clearance' || operation === 'reporting';
  const errorClass = neverSent || !changesState ? 'transient' : 'unknown-outcome';
  return new ComplianceError(errorClass, `ZATCA ${operation}: ${code}`, { code });
}

function firstError(data: unknown, status: number): { code: string; message: string } {
  const body = (data ?? {}) as { code?: unknown; message?: unknown; errors?: unknown; validationResults?: InvoiceResponse['validationResults'] };
  const fromResults = body.validationResults?.errorMessages?.[0];
  if (fromResults) return { code: fromResults.code, message: fromResults.message };
  const list = Array.isArray(body.errors) ? (body.errors as { code?: unknown; message?: unknown }[]) : [];
  const first = list[0] ?? body;
  const code = typeof first.code === 'string' ? first.code : String(status);
  const message = typeof first.message === 'string' ? first.message : typeof data === 'string' ? data.slice(0, 300) : `HTTP ${status}`;
  return { code, message };
}

function syntheticError(error: { code: string; message: string }): ValidationMessage {
  return { type: 'ERROR', code: error.code, category: 'HTTP', message: error.message, status: 'ERROR' };
}
