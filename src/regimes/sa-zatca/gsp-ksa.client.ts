/**
 * ZATCA through a GSP: the operations of the GSP's published table (gsp-ksa-profile.ts), behind the same
 * ZatcaProvider as the Fatoora client. Every call carries an OAuth2 bearer token (client credentials,
 * renewed once when the GSP answers 401/403) and, for invoice calls, the EGS unit's CSID in `X-CSID`
 * (base64 of `binarySecurityToken:secret`). Clearance and reporting send the table's body: invoiceXml,
 * invoiceHash, uuid, invoiceType, currency. Answers: the GSP envelope `{status_cd, status_desc, data}`
 * with ZATCA's body in `data` and ZATCA's HTTP status as the response status, or ZATCA's body as is.
 * 429 is transient. A 5xx or a lost answer on clearance/reporting is an unknown outcome (the invoice may
 * have reached ZATCA; GET /status is read before any resend); on the OTP calls (compliance CSID, renewal)
 * it is "OTP may be spent", never resent (as in the Fatoora client); elsewhere it is transient. A provider
 * in an outage is held off by the per-provider circuit breaker.
 */
import axios, { type AxiosResponse } from 'axios';
import { SHARED_CIRCUIT_BREAKER, type CircuitBreaker } from '../../compliance/http';
import { ComplianceHttpClient } from '../../compliance/http';
import { fetchClientCredentialsToken } from '../../compliance/http';
import { TLS12_AGENT } from '../../compliance/http';
import { retryAfterMs } from '../../compliance/http';
import type { HttpLogger } from '../../compliance/http';
import { TokenManager } from '../../compliance/http';
import { InMemoryTokenStore, tokenKey, type TokenStore } from '../../compliance/http';
import { ComplianceError } from '../../compliance';
import type { EgsCsrConfig } from './csr';
import type {
  CsidCredentials,
  CsidGrant,
  InvoiceSubmission,
  ZatcaInvoiceResult,
  ZatcaProvider,
} from './fatoora.types';
import {
  GspKsaProfile,
  gspKsaInvoiceBody,
  type GspKsaExtraOperation,
  type GspKsaRoute,
  type GspKsaSettings,
} from './gsp-ksa-profile';
import {
  grantFrom,
  invoiceResultFrom,
  networkFailure,
  OTP_OPERATIONS,
  otpMaybeSpent,
  summariseBody,
  type ZatcaOperation,
} from './zatca-responses';

const PROVIDER = 'gsp-ksa';

export interface GspKsaClientOptions {
  baseUrl: string;
  /** OAuth2 client credentials issued by the GSP. */
  clientId: string;
  clientSecret: string;
  /** The e-mail registered with the service account, sent as `email` (query) on every invoice call. */
  email?: string;
  /** What the GSP's table does not show (token path, status parameter, extra operations). */
  profile?: GspKsaSettings;
  timeoutMs?: number;
  tokenStore?: TokenStore;
  circuitBreaker?: CircuitBreaker;
  now?: () => number;
  log?: { info(message: string, meta?: object): void };
  /** Each attempt observed (the service's /metrics): provider `gsp-ksa`, operation, status, duration. */
  httpLogger?: Pick<HttpLogger, 'observe'>;
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
  readonly profile: GspKsaProfile;
  readonly tokens: TokenManager;
  private readonly breaker: CircuitBreaker;
  private readonly tokenHttp: ComplianceHttpClient;

  constructor(private readonly options: GspKsaClientOptions) {
    this.profile = new GspKsaProfile(options.baseUrl, options.profile);
    this.breaker = options.circuitBreaker ?? SHARED_CIRCUIT_BREAKER;
    this.tokenHttp = new ComplianceHttpClient({
      provider: PROVIDER,
      policy: { timeoutMs: options.timeoutMs ?? 30_000 },
      circuitBreaker: this.breaker,
    });
    const now = options.now ?? Date.now;
    this.tokens = new TokenManager(
      options.tokenStore ?? new InMemoryTokenStore(),
      tokenKey(PROVIDER, options.baseUrl, options.clientId),
      () =>
        fetchClientCredentialsToken(this.tokenHttp, {
          tokenUrl: this.profile.tokenUrl,
          clientId: options.clientId,
          clientSecret: options.clientSecret,
          rateKey: tokenKey(PROVIDER, options.clientId),
          now,
        }),
      { now },
    );
  }

  /** The GSP generates the key and CSR (only when the taxpayer lets the GSP hold the EGS key). */
  async generateCsr(config: EgsCsrConfig): Promise<{ csr: string; privateKeyPem: string }> {
    const response = await this.send('generate-csr', this.profile.route('generate-csr'), config);
    const data = unwrap<{ csr?: string; privateKey?: string }>(response.data);
    if (response.status !== 200 || !data?.csr || !data.privateKey)
      throw rejectedEnvelope('generate-csr', response);
    return { csr: data.csr, privateKeyPem: data.privateKey };
  }

  /** POST /onboard with the CSR and the taxpayer's OTP (payload not shown: {csr, otp} assumed). */
  async requestComplianceCsid(csrBase64: string, otp: string): Promise<CsidGrant> {
    const response = await this.send('compliance-csid', this.profile.route('onboard'), {
      csr: csrBase64,
      otp,
    });
    return grantFrom('compliance-csid', response.status, unwrap(response.data));
  }

  async complianceCheck(
    credentials: CsidCredentials,
    submission: InvoiceSubmission,
  ): Promise<ZatcaInvoiceResult> {
    const route = this.extra('compliance-check');
    const response = await this.send('compliance-check', route, gspKsaInvoiceBody(submission), credentials);
    return invoiceResultFrom('compliance-check', response.status, unwrap(response.data));
  }

  async requestProductionCsid(
    complianceCredentials: CsidCredentials,
    complianceRequestId: string,
  ): Promise<CsidGrant> {
    const response = await this.send(
      'production-csid',
      this.extra('production-csid'),
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
      this.extra('renew-csid'),
      { csr: csrBase64, otp },
      productionCredentials,
    );
    return grantFrom('renew-csid', response.status, unwrap(response.data));
  }

  async clear(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
    return this.sendInvoice('clearance', credentials, submission);
  }

  async report(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
    return this.sendInvoice('reporting', credentials, submission);
  }

  /**
   * What the GSP already holds for this invoice (GET /status by UUID): an earlier send of the same signed
   * invoice that ZATCA cleared or reported, as a duplicate answer the regime adopts; undefined when it
   * holds none (or only a refusal), so the invoice may be sent.
   */
  async heldResult(
    credentials: CsidCredentials,
    submission: InvoiceSubmission,
    operation: 'clearance' | 'reporting',
  ): Promise<ZatcaInvoiceResult | undefined> {
    const held = await this.status(credentials, submission.uuid);
    const accepted = operation === 'clearance' ? 'CLEARED' : 'REPORTED';
    if (!held || held.status !== accepted) return undefined;
    if (held.invoiceHash && held.invoiceHash !== submission.invoiceHash) {
      throw new ComplianceError(
        'rejected',
        `GSP KSA ${operation}: the GSP holds another invoice under UUID ${submission.uuid} (hash ${held.invoiceHash})`,
        { code: 'UUID_TAKEN', response: held },
      );
    }
    return {
      outcome: 'duplicate',
      httpStatus: 200,
      status: held.status,
      clearedInvoiceBase64:
        typeof held.clearedInvoice === 'string' && held.clearedInvoice ? held.clearedInvoice : undefined,
      warnings: [],
      errors: [],
      response: held,
    };
  }

  /** What the GSP knows of an invoice (GET /status?uuid=): resolves an unknown outcome without resending. */
  async status(credentials: CsidCredentials, uuid: string): Promise<GspInvoiceStatus | undefined> {
    const response = await this.send('status', this.profile.route('status'), undefined, credentials, {
      [this.profile.statusParam]: uuid,
    });
    if (response.status === 404) return undefined;
    const data = unwrap<GspInvoiceStatus>(response.data);
    if (response.status !== 200 || !data) throw rejectedEnvelope('status', response);
    return data;
  }

  /** The cleared XML (base64) the GSP holds for an invoice ZATCA reported as already cleared (409/208). */
  async clearedInvoice(credentials: CsidCredentials, uuid: string): Promise<string | undefined> {
    const status = await this.status(credentials, uuid);
    return typeof status?.clearedInvoice === 'string' && status.clearedInvoice
      ? status.clearedInvoice
      : undefined;
  }

  private extra(operation: GspKsaExtraOperation): GspKsaRoute {
    const route = this.profile.extraRoute(operation);
    if (!route) {
      throw new ComplianceError(
        'config',
        `the KSA GSP's published API has no ${operation} operation: set profile.extraPaths['${operation}'] to the GSP's path if it offers one`,
        { code: 'NOT_PUBLISHED' },
      );
    }
    return route;
  }

  /**
   * Clearance or reporting: sent once. A 401/403 renews the token and, since the refusal may have come
   * after the invoice went on to ZATCA, asks the GSP's status before the one resend; a 5xx or a lost
   * answer is an unknown outcome (the next attempt looks it up first).
   */
  private async sendInvoice(
    operation: 'clearance' | 'reporting',
    credentials: CsidCredentials,
    submission: InvoiceSubmission,
  ): Promise<ZatcaInvoiceResult> {
    const route = this.profile.route(operation);
    const body = gspKsaInvoiceBody(submission);
    const circuit = this.tokenHttp.circuitKey(route.url);
    const token = await this.tokens.current();
    let response = await this.request(operation, route, body, token.token, circuit, credentials);
    if (response.status === 401 || response.status === 403) {
      const renewed = await this.tokens.renew(token.token);
      const held = await this.heldResult(credentials, submission, operation);
      if (held) return held;
      response = await this.request(operation, route, body, renewed.token, circuit, credentials);
    }
    this.refuseFailure(operation, response);
    return invoiceResultFrom(operation, response.status, unwrap(response.data));
  }

  private async send(
    operation: ZatcaOperation,
    route: GspKsaRoute,
    body: object | undefined,
    csid?: CsidCredentials,
    params?: Record<string, string>,
  ): Promise<AxiosResponse<unknown>> {
    const circuit = this.tokenHttp.circuitKey(route.url);
    const token = await this.tokens.current();
    let response = await this.request(operation, route, body, token.token, circuit, csid, params);
    if (response.status === 401 || response.status === 403) {
      const renewed = await this.tokens.renew(token.token);
      response = await this.request(operation, route, body, renewed.token, circuit, csid, params);
    }
    this.refuseFailure(operation, response);
    return response;
  }

  /** Throws the typed error of an answer that is not one: auth, a spent OTP, unknown outcome, transient. */
  private refuseFailure(operation: ZatcaOperation, response: AxiosResponse<unknown>): void {
    if (response.status === 401 || response.status === 403) {
      throw new ComplianceError(
        'auth',
        `GSP KSA ${operation}: HTTP ${response.status} (bearer token or CSID not accepted)`,
        { code: String(response.status), response: summariseBody(response.data) },
      );
    }
    if (response.status >= 500 && OTP_OPERATIONS.has(operation)) {
      // the single-use OTP reached the GSP and may have been spent: never resent as if transient
      throw otpMaybeSpent(operation, `HTTP ${response.status}`);
    }
    if (response.status >= 500 && (operation === 'clearance' || operation === 'reporting')) {
      // The GSP may have passed the invoice on before failing: looked up before it is ever sent again.
      throw new ComplianceError(
        'unknown-outcome',
        `GSP KSA ${operation}: HTTP ${response.status} (the invoice may have reached ZATCA; its status is read before any resend)`,
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
  }

  private async request(
    operation: ZatcaOperation,
    route: GspKsaRoute,
    body: object | undefined,
    bearer: string,
    circuit: string,
    csid?: CsidCredentials,
    params?: Record<string, string>,
  ): Promise<AxiosResponse<unknown>> {
    this.breaker.admit(circuit, operation);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${bearer}`,
      Accept: 'application/json',
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(csid
        ? { 'X-CSID': Buffer.from(`${csid.binarySecurityToken}:${csid.secret}`, 'utf8').toString('base64') }
        : {}),
    };
    const started = Date.now();
    let response: AxiosResponse<unknown>;
    try {
      response = await axios.request<unknown>({
        httpsAgent: TLS12_AGENT,
        method: route.method,
        url: route.url,
        params: this.options.email !== undefined ? { ...params, email: this.options.email } : params,
        data: body,
        headers,
        timeout: this.options.timeoutMs ?? 30_000,
        validateStatus: () => true,
        maxRedirects: 0,
      });
    } catch (error) {
      this.breaker.failed(circuit);
      this.options.httpLogger?.observe?.({
        provider: 'gsp-ksa',
        operation,
        durationMs: Date.now() - started,
        error: error instanceof Error ? error.message : String(error),
      });
      throw networkFailure(operation, error);
    }
    this.options.httpLogger?.observe?.({
      provider: 'gsp-ksa',
      operation,
      status: response.status,
      durationMs: Date.now() - started,
    });
    if (response.status >= 500) this.breaker.failed(circuit);
    else this.breaker.succeeded(circuit);
    this.options.log?.info('gsp ksa call', {
      operation,
      method: route.method,
      path: new URL(route.url).pathname,
      status: response.status,
      ms: Date.now() - started,
    });
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
