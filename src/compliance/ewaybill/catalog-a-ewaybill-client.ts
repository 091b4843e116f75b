/**
 * E-way bill, catalog A (the GSP's `/ewaybillapi/v1.03`, same family as its e-invoice gateway): the
 * table's eight operations. Authenticate with `?email=&username=&password=` and the client credentials
 * and GSTIN in headers (answer data {status, authtoken, sek}); every call then carries `auth-token` and
 * the account's `email`. Envelope {status_cd, status_desc, data} with errors as a JSON string of
 * [{ErrorCode, ErrorMessage}]; the e-way bill system's token codes renew the token once, its "try later"
 * codes and the GSP's outage markers are transient. No token lifetime is stated: the documented 1 hour.
 */
import type { Method } from 'axios';
import { classifyCatalogAErrors, catalogATokenExpiry } from '../einvoice/catalog-a-profile';
import { parseStatusDesc, type IrpErrorEntry } from '../einvoice/irp-rejection';
import type { EinvoiceProviderDeps } from '../einvoice/einvoice-config';
import { ClientRateLimiter } from '../http/client-rate-limiter';
import { ComplianceHttpClient } from '../http/compliance-http-client';
import { callWithReauth, TokenManager } from '../http/token-manager';
import { InMemoryTokenStore, tokenKey, type StoredToken } from '../http/token-store';
import { ComplianceError } from '../regime';
import {
  EWAYBILL_AUTH_CODES,
  EWAYBILL_NOT_FOUND_CODES,
  EWAYBILL_TRANSIENT_CODES,
  toConsolidated,
  toGenerated,
  toUpdated,
} from './ewaybill-answers';
import type { EwaybillProviderConfig } from './ewaybill-config';
import type {
  ConsolidateRequest,
  ConsolidatedEwaybill,
  EwaybillCancelRequest,
  EwaybillGenerated,
  EwaybillGenerateRequest,
  EwaybillProvider,
  EwaybillUpdated,
  ExtendValidityRequest,
  PartBUpdateRequest,
  TransporterUpdateRequest,
} from './ewaybill-types';

const PROVIDER = 'gsp-ewaybill';
const BASE = '/ewaybillapi/v1.03';

/** Every operation of the e-way bill catalog A table, relative to the base URL. */
export const EWAYBILL_CATALOG_A_OPERATIONS = {
  authenticate: { method: 'GET', path: `${BASE}/authenticate` },
  genewaybill: { method: 'POST', path: `${BASE}/ewayapi/genewaybill` },
  vehewb: { method: 'POST', path: `${BASE}/ewayapi/vehewb` },
  extendvalidity: { method: 'POST', path: `${BASE}/ewayapi/extendvalidity` },
  canewb: { method: 'POST', path: `${BASE}/ewayapi/canewb` },
  gencewb: { method: 'POST', path: `${BASE}/ewayapi/gencewb` },
  updatetransporter: { method: 'POST', path: `${BASE}/ewayapi/updatetransporter` },
  getewaybill: { method: 'GET', path: `${BASE}/ewayapi/getewaybill` },
  // Not in the catalog's table; NIC's e-way bill API names it (reference irp_ewb_api_envelopes_and_samples).
  getewaybillgeneratedbyconsigner: {
    method: 'GET',
    path: `${BASE}/ewayapi/GetEwayBillGeneratedByConsigner`,
  },
} as const satisfies Record<string, { method: Method; path: string }>;

type Operation = Exclude<keyof typeof EWAYBILL_CATALOG_A_OPERATIONS, 'authenticate'>;

interface Envelope {
  status_cd?: unknown;
  status_desc?: unknown;
  data?: unknown;
}

export class CatalogAEwaybillClient implements EwaybillProvider {
  readonly catalog = 'A' as const;
  readonly tokens: TokenManager;
  private readonly http: ComplianceHttpClient;
  private readonly rateKey: string;
  private readonly now: () => number;

  constructor(
    private readonly config: EwaybillProviderConfig,
    deps: EinvoiceProviderDeps = {},
  ) {
    if (!config.username || !config.password || !config.email) {
      throw new ComplianceError('config', 'e-way bill catalog A needs username, password and email');
    }
    this.now = deps.now ?? Date.now;
    this.rateKey = tokenKey(PROVIDER, config.clientId);
    this.http = new ComplianceHttpClient({
      provider: PROVIDER,
      policy: config.http,
      logger: deps.logger,
      rateLimiter: deps.rateLimiter ?? new ClientRateLimiter(config.rateLimit, deps.now, deps.sleep),
      circuitBreaker: deps.circuitBreaker,
      sleep: deps.sleep,
    });
    this.tokens = new TokenManager(
      deps.tokenStore ?? new InMemoryTokenStore(),
      tokenKey(PROVIDER, config.baseUrl, config.clientId, config.username, config.gstin),
      () => this.authenticate(),
      { refreshAheadMs: config.tokenRefreshAheadMs, now: deps.now },
    );
  }

  async generate(request: EwaybillGenerateRequest): Promise<EwaybillGenerated> {
    const envelope = await this.call('genewaybill', request, false);
    return toGenerated(envelope.data, envelope);
  }

  async updatePartB(request: PartBUpdateRequest): Promise<EwaybillUpdated> {
    const envelope = await this.call('vehewb', request, false);
    return toUpdated(envelope.data, envelope);
  }

  async extendValidity(request: ExtendValidityRequest): Promise<EwaybillUpdated> {
    const envelope = await this.call('extendvalidity', request, false);
    return toUpdated(envelope.data, envelope);
  }

  async cancel(request: EwaybillCancelRequest): Promise<EwaybillUpdated> {
    const envelope = await this.call('canewb', request, false);
    return toUpdated(envelope.data, envelope);
  }

  async consolidate(request: ConsolidateRequest): Promise<ConsolidatedEwaybill> {
    const envelope = await this.call('gencewb', request, false);
    return toConsolidated(envelope.data, envelope);
  }

  async updateTransporter(request: TransporterUpdateRequest): Promise<EwaybillUpdated> {
    const envelope = await this.call('updatetransporter', request, false);
    return toUpdated(envelope.data, envelope);
  }

  async getEwaybill(ewbNo: string): Promise<Record<string, unknown>> {
    const envelope = await this.call('getewaybill', undefined, true, { ewbNo });
    return (envelope.data ?? {}) as Record<string, unknown>;
  }

  /**
   * The e-way bill the consignor generated for a document (NIC's GetEwayBillGeneratedByConsigner with
   * `docType` and `docNo`); undefined when there is none. How an unknown outcome and a duplicate (604) are resolved.
   */
  async getEwaybillByDocument(docType: string, docNo: string): Promise<Record<string, unknown> | undefined> {
    try {
      const envelope = await this.call('getewaybillgeneratedbyconsigner', undefined, true, {
        docType,
        docNo,
      });
      const data = (envelope.data ?? undefined) as Record<string, unknown> | undefined;
      return data && Object.keys(data).length > 0 ? data : undefined;
    } catch (error) {
      if (error instanceof ComplianceError && error.errorClass === 'rejected' && isNotFound(error))
        return undefined;
      throw error;
    }
  }

  private async call(
    operation: Operation,
    data: unknown,
    idempotent: boolean,
    params: Record<string, string> = {},
  ): Promise<Envelope> {
    const { method, path } = EWAYBILL_CATALOG_A_OPERATIONS[operation];
    const url = `${this.config.baseUrl}${path}`;
    const answer = await callWithReauth(
      this.tokens,
      async (token) => {
        const response = await this.http.send<Envelope>({
          operation,
          method,
          url,
          params: { ...params, email: this.config.email! },
          headers: { ...this.credentialHeaders(), 'auth-token': token.token },
          data,
          idempotent,
          rateKey: this.rateKey,
        });
        return { status: response.status, body: response.data };
      },
      (answer) =>
        answer.status === 401 ||
        answer.status === 403 ||
        (isEnvelope(answer.body) && isFailure(answer.body) && kindOf(answer.body) === 'auth'),
    );
    if (!isEnvelope(answer.body)) {
      throw new ComplianceError(
        answer.status === 404 ? 'config' : idempotent ? 'transient' : 'unknown-outcome',
        `${operation}: unexpected GSP answer (HTTP ${answer.status})`,
        { code: `HTTP_${answer.status}`, response: answer.body },
      );
    }
    const envelope = answer.body;
    if (!isFailure(envelope)) return envelope;
    const errors = parseStatusDesc(envelope.status_desc);
    const code = errors.map((e) => e.code).join(',') || undefined;
    const text = describe(errors);
    if (kindOf(envelope) === 'transient') {
      this.http.reportOutage(url);
      throw new ComplianceError('transient', `${operation}: ${text} (try again later)`, {
        code,
        response: envelope,
      });
    }
    throw new ComplianceError('rejected', `${operation}: ${text}`, { code, response: envelope });
  }

  private async authenticate(): Promise<StoredToken> {
    const { method, path } = EWAYBILL_CATALOG_A_OPERATIONS.authenticate;
    const response = await this.http.send<Envelope>({
      operation: 'authenticate',
      method,
      url: `${this.config.baseUrl}${path}`,
      params: { email: this.config.email!, username: this.config.username!, password: this.config.password! },
      headers: this.credentialHeaders(false),
      idempotent: true,
      rateKey: this.rateKey,
    });
    const envelope = isEnvelope(response.data) ? response.data : {};
    const data = (envelope.data ?? {}) as { authtoken?: unknown; AuthToken?: unknown; TokenExpiry?: unknown };
    const token = data.authtoken ?? data.AuthToken;
    if (!isEnvelope(response.data) || isFailure(envelope) || typeof token !== 'string' || !token) {
      const errors = parseStatusDesc(envelope.status_desc);
      throw new ComplianceError(
        kindOf(envelope) === 'transient' ? 'transient' : 'auth',
        `e-way bill authentication failed (HTTP ${response.status}): ${describe(errors)}`,
        { code: errors.map((e) => e.code).join(',') || `HTTP_${response.status}`, response: envelope },
      );
    }
    return { token, expiresAtMs: catalogATokenExpiry(data.TokenExpiry, this.now()) };
  }

  private credentialHeaders(withUser = true): Record<string, string> {
    return {
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
      ...(withUser ? { username: this.config.username!, password: this.config.password! } : {}),
      gstin: this.config.gstin,
      ip_address: this.config.ipAddress ?? '127.0.0.1',
    };
  }
}

/** A read the e-way bill system answered with "not found". */
function isNotFound(error: ComplianceError): boolean {
  return (error.options.code ?? '').split(',').some((code) => EWAYBILL_NOT_FOUND_CODES.has(code));
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'status_cd' in body;
}

function isFailure(envelope: Envelope): boolean {
  const status =
    typeof envelope.status_cd === 'string' || typeof envelope.status_cd === 'number'
      ? String(envelope.status_cd).toLowerCase()
      : '';
  return !(status === '1' || status === 'sucess' || status === 'success');
}

/** The e-invoice GSP map (1005, outage markers, "Invalid token") plus the e-way bill system's codes. */
function kindOf(envelope: Envelope): 'auth' | 'transient' | 'rejected' {
  const errors = parseStatusDesc(envelope.status_desc);
  if (errors.some((e) => EWAYBILL_AUTH_CODES.has(e.code))) return 'auth';
  if (errors.some((e) => EWAYBILL_TRANSIENT_CODES.has(e.code))) return 'transient';
  return classifyCatalogAErrors(errors, envelope.status_desc);
}

function describe(errors: IrpErrorEntry[]): string {
  return errors.map((e) => `${e.code} ${e.message}`.trim()).join('; ');
}
