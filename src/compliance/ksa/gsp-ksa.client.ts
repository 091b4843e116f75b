/**
 * ZATCA through a GSP: the GSP's `/ksa-einvoice/...` operations, behind the same ZatcaProvider as the
 * Fatoora client. The GSP authenticates the connector with its API key and forwards to ZATCA with the
 * EGS unit's CSID, passed in `X-CSID` (base64 of `binarySecurityToken:secret`). Answers come in the
 * GSP envelope `{status_cd, status_desc, data}` with ZATCA's own body in `data` and ZATCA's HTTP status
 * as the response status; the GSP also offers a status lookup by UUID and server-side CSR generation.
 */
import axios, { type AxiosInstance, type AxiosResponse, type Method } from 'axios';
import { TLS12_AGENT } from '../http/tls';
import { ComplianceError } from '../regime';
import type { EgsCsrConfig } from './csr';
import type {
  CsidCredentials,
  CsidGrant,
  InvoiceSubmission,
  ZatcaInvoiceResult,
  ZatcaProvider,
} from './fatoora.types';
import {
  grantFrom,
  invoiceResultFrom,
  networkFailure,
  retryAfterMs,
  summariseBody,
  type ZatcaOperation,
} from './zatca-responses';

export interface GspKsaClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  log?: { info(message: string, meta?: object): void };
}

export interface GspEnvelope<T = unknown> {
  /** '1' success, '0' failure. */
  status_cd: string;
  status_desc?: string;
  data?: T;
  error?: { code?: string; message?: string };
}

export interface GspInvoiceStatus {
  uuid: string;
  status: string;
  invoiceHash?: string;
  clearedInvoice?: string | null;
}

export class GspKsaClient implements ZatcaProvider {
  readonly kind = 'gsp' as const;
  private readonly http: AxiosInstance;

  constructor(private readonly options: GspKsaClientOptions) {
    this.http = axios.create({
      httpsAgent: TLS12_AGENT,
      baseURL: `${options.baseUrl.replace(/\/+$/, '')}/ksa-einvoice`,
      timeout: options.timeoutMs ?? 30_000,
      headers: {
        'x-api-key': options.apiKey,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      validateStatus: () => true,
      maxRedirects: 0,
    });
  }

  /** The GSP generates the key and CSR (only when the taxpayer lets the GSP hold the EGS key). */
  async generateCsr(config: EgsCsrConfig): Promise<{ csr: string; privateKeyPem: string }> {
    const response = await this.send('generate-csr', 'POST', '/generate-csr', config);
    const data = unwrap<{ csr?: string; privateKey?: string }>(response.data);
    if (response.status !== 200 || !data?.csr || !data.privateKey)
      throw rejectedEnvelope('generate-csr', response);
    return { csr: data.csr, privateKeyPem: data.privateKey };
  }

  async requestComplianceCsid(csrBase64: string, otp: string): Promise<CsidGrant> {
    const response = await this.send('compliance-csid', 'POST', '/onboard', { csr: csrBase64, otp });
    return grantFrom('compliance-csid', response.status, unwrap(response.data));
  }

  async complianceCheck(
    credentials: CsidCredentials,
    submission: InvoiceSubmission,
  ): Promise<ZatcaInvoiceResult> {
    const response = await this.send(
      'compliance-check',
      'POST',
      '/api/v1/compliance',
      submission,
      credentials,
    );
    return invoiceResultFrom('compliance-check', response.status, unwrap(response.data));
  }

  async requestProductionCsid(
    complianceCredentials: CsidCredentials,
    complianceRequestId: string,
  ): Promise<CsidGrant> {
    const response = await this.send(
      'production-csid',
      'POST',
      '/onboard/production',
      { compliance_request_id: complianceRequestId },
      complianceCredentials,
    );
    return grantFrom('production-csid', response.status, unwrap(response.data));
  }

  async renewProductionCsid(
    productionCredentials: CsidCredentials,
    csrBase64: string,
    otp: string,
  ): Promise<CsidGrant> {
    const response = await this.send(
      'renew-csid',
      'PATCH',
      '/onboard/production',
      { csr: csrBase64, otp },
      productionCredentials,
    );
    return grantFrom('renew-csid', response.status, unwrap(response.data));
  }

  async clear(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
    const response = await this.send('clearance', 'POST', '/api/v1/clearance', submission, credentials);
    return invoiceResultFrom('clearance', response.status, unwrap(response.data));
  }

  async report(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
    const response = await this.send('reporting', 'POST', '/api/v1/reporting', submission, credentials);
    return invoiceResultFrom('reporting', response.status, unwrap(response.data));
  }

  /** What the GSP knows of an invoice: resolves an unknown outcome without resending. */
  async status(credentials: CsidCredentials, uuid: string): Promise<GspInvoiceStatus | undefined> {
    const response = await this.send(
      'status',
      'GET',
      `/api/v1/status/${encodeURIComponent(uuid)}`,
      undefined,
      credentials,
    );
    if (response.status === 404) return undefined;
    const data = unwrap<GspInvoiceStatus>(response.data);
    if (response.status !== 200 || !data) throw rejectedEnvelope('status', response);
    return data;
  }

  private async send(
    operation: ZatcaOperation,
    method: Method,
    path: string,
    body: object | undefined,
    csid?: CsidCredentials,
  ): Promise<AxiosResponse<unknown>> {
    const headers: Record<string, string> = csid
      ? { 'X-CSID': Buffer.from(`${csid.binarySecurityToken}:${csid.secret}`, 'utf8').toString('base64') }
      : {};
    const started = Date.now();
    let response: AxiosResponse<unknown>;
    try {
      response = await this.http.request<unknown>({ method, url: path, data: body, headers });
    } catch (error) {
      throw networkFailure(operation, error);
    }
    this.options.log?.info('gsp ksa call', {
      operation,
      method,
      path: path.replace(/status\/.*/, 'status/:uuid'),
      status: response.status,
      ms: Date.now() - started,
    });
    if (response.status === 401 || response.status === 403) {
      throw new ComplianceError(
        'auth',
        `GSP KSA ${operation}: HTTP ${response.status} (API key or CSID not accepted)`,
        { code: String(response.status), response: summariseBody(response.data) },
      );
    }
    if (response.status === 429 || response.status >= 500) {
      throw new ComplianceError('transient', `GSP KSA ${operation}: HTTP ${response.status}`, {
        code: String(response.status),
        retryAfterMs: retryAfterMs(response.headers['retry-after']),
        response: summariseBody(response.data),
      });
    }
    return response;
  }
}

function unwrap<T = unknown>(body: unknown): T | undefined {
  const envelope = body as GspEnvelope<T> | undefined;
  if (envelope && typeof envelope === 'object' && 'status_cd' in envelope) {
    if (envelope.data !== undefined) return envelope.data;
    return (envelope.error ? { errors: [envelope.error] } : undefined) as T | undefined;
  }
  return body as T | undefined;
}

function rejectedEnvelope(operation: ZatcaOperation, response: AxiosResponse<unknown>): ComplianceError {
  const envelope = response.data as GspEnvelope | undefined;
  return new ComplianceError(
    'rejected',
    `GSP KSA ${operation}: ${envelope?.error?.message ?? envelope?.status_desc ?? `HTTP ${response.status}`}`,
    {
      code: envelope?.error?.code ?? String(response.status),
      response: summariseBody(response.data),
    },
  );
}
