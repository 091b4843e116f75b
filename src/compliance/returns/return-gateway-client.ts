/**
 * The GST return gateway: public lookups (client credentials only), the user operations of the GSTR
 * family under the OTP session, and GSTR-2B by catalog A (`GET /gstr2b/all`, a large return in several
 * files) or catalog B (`POST /api/v1/gstr2b/fetch` with a bearer token).
 */
import {
  ComplianceHttpClient,
  InMemoryTokenStore,
  TokenManager,
  callWithReauth,
  fetchClientCredentialsToken,
  tokenKey,
  type HttpLogger,
  type HttpPolicy,
  type RateLimiter,
  type StoredToken,
  type TokenStore,
} from '../http';
import { ComplianceError } from '../regime';
import { envelopeError, envelopeOk, type GatewayEnvelope } from './gateway-envelope';
import { mergeGstr2bFiles } from './gstr2b/gstr2b-parser';
import { OtpSession } from './otp-session';
import { DEFAULT_API_TOKEN_PATH, type ReturnGatewaySettings } from './return-gateway-settings';

export interface ReturnGatewayDeps {
  tokenStore?: TokenStore;
  /** Paces this client's requests; a service passes one shared by every process (default: this process's). */
  rateLimiter?: RateLimiter;
  logger?: HttpLogger;
  policy?: Partial<HttpPolicy>;
  now?: () => number;
}

/** GSTR-1 tables of the catalog (variant A), with the query parameters each takes beyond gstin and retperiod. */
export const GSTR1_TABLES = {
  retsum: ['smrytyp'],
  dociss: [],
  cdnra: ['actionrequired'],
  b2cl: ['statecd'],
  b2ba: ['actionrequired', 'ctin'],
  ata: [],
} as const;
export type Gstr1Table = keyof typeof GSTR1_TABLES;

/** "No documents" for the period: an empty GSTR-2B, not a failure. */
const NO_DOCUMENTS = 'RET2B1016';
const MAX_FILES = 1000;

export class ReturnGatewayClient {
  readonly session: OtpSession;
  private readonly http: ComplianceHttpClient;
  private readonly apiTokens: TokenManager;
  private readonly rateKey: string;
  private readonly now: () => number;

  constructor(
    readonly settings: ReturnGatewaySettings,
    deps: ReturnGatewayDeps = {},
  ) {
    this.now = deps.now ?? Date.now;
    this.http = new ComplianceHttpClient({
      provider: 'returns',
      logger: deps.logger,
      policy: deps.policy,
      rateLimiter: deps.rateLimiter,
    });
    const store = deps.tokenStore ?? new InMemoryTokenStore();
    this.session = new OtpSession(settings, this.http, store, this.now);
    this.rateKey = `returns:${settings.clientId}`;
    this.apiTokens = new TokenManager(
      store,
      tokenKey('returns-api', settings.apiBaseUrl ?? '', settings.clientId),
      () => this.authenticateApi(),
      { now: this.now },
    );
  }

  // Public operations
  searchTaxpayer(gstin: string): Promise<unknown> {
    return this.publicCall('public/search', { gstin });
  }

  trackReturnsPublic(gstin: string, fy: string, type?: string): Promise<unknown> {
    return this.publicCall('public/rettrack', withDefined({ gstin, fy, type }));
  }

  preference(gstin: string, fy: string): Promise<unknown> {
    return this.publicCall(
      'public/pref',
      { gstin, fy },
      {
        state_cd: this.settings.stateCode,
        ip_address: this.settings.ipAddress,
      },
    );
  }

  // User operations (OTP session)
  returnStatus(returnPeriod: string, refId: string): Promise<unknown> {
    return this.userCall('gstr/retstatus', {
      gstin: this.settings.gstin,
      returnperiod: returnPeriod,
      refid: refId,
    });
  }

  trackReturns(returnPeriod: string, type?: string): Promise<unknown> {
    return this.userCall(
      'gstr/rettrack',
      withDefined({ gstin: this.settings.gstin, returnperiod: returnPeriod, type }),
    );
  }

  gstr1(table: Gstr1Table, retPeriod: string, filters: Record<string, string> = {}): Promise<unknown> {
    const allowed = GSTR1_TABLES[table] as readonly string[];
    const unknown = Object.keys(filters).filter((key) => !allowed.includes(key));
    if (unknown.length > 0) {
      throw new ComplianceError('validation', `gstr1/${table} takes no parameter ${unknown.join(', ')}`);
    }
    return this.userCall(`gstr1/${table}`, { gstin: this.settings.gstin, retperiod: retPeriod, ...filters });
  }

  /**
   * The whole GSTR-2B of a period (MMYYYY) as one `data` object: by catalog A, a large return's files
   * (`fc` in the first answer) are fetched by `filenum` and merged; by catalog B, in one request.
   */
  async fetchGstr2b(period: string): Promise<unknown> {
    return (this.settings.gstr2bCatalog ?? 'A') === 'B'
      ? this.fetchGstr2bApi(period)
      : this.fetchGstr2bAll(period);
  }

  private async fetchGstr2bAll(period: string): Promise<unknown> {
    const params = { gstin: this.settings.gstin, rtnprd: period };
    const first = await this.gstr2bFile(params);
    const count = fileCount(first);
    if (count === undefined) return first;
    if (count > MAX_FILES)
      throw new ComplianceError('rejected', `gstr2b/all: ${count} files is more than ${MAX_FILES}`);
    const files: unknown[] = [];
    for (let filenum = 1; filenum <= count; filenum++) {
      files.push(await this.gstr2bFile({ ...params, filenum: String(filenum) }));
    }
    return mergeGstr2bFiles(files);
  }

  private async gstr2bFile(params: Record<string, string>): Promise<unknown> {
    try {
      return await this.userCall('gstr2b/all', params);
    } catch (error) {
      if (error instanceof ComplianceError && error.options.code === NO_DOCUMENTS) {
        return { gstin: params.gstin, rtnprd: params.rtnprd, docdata: {} };
      }
      throw error;
    }
  }

  private async fetchGstr2bApi(period: string): Promise<unknown> {
    const base = this.settings.apiBaseUrl;
    if (!base)
      throw new ComplianceError('config', 'returns: apiBaseUrl is required for GSTR-2B by catalog B');
    const body = { gstin: this.settings.gstin, month: period.slice(0, 2), year: period.slice(2) };
    const response = await callWithReauth(
      this.apiTokens,
      (token) =>
        this.http.send<Record<string, unknown>>({
          operation: 'gstr2b/fetch',
          method: 'POST',
          url: `${base}/api/v1/gstr2b/fetch`,
          headers: { authorization: `Bearer ${token.token}` },
          data: body,
          idempotent: true,
          rateKey: this.rateKey,
        }),
      (answer) => answer.status === 401,
    );
    if (response.status >= 200 && response.status < 300) return response.data;
    const error = (response.data?.error ?? response.data) as { code?: string; message?: string } | undefined;
    const text = `gstr2b/fetch: HTTP ${response.status} ${error?.code ?? ''} ${error?.message ?? ''}`.trim();
    if (error?.code === NO_DOCUMENTS) return { gstin: body.gstin, rtnprd: period, docdata: {} };
    throw new ComplianceError(
      response.status === 409 || response.status === 425 ? 'transient' : 'rejected',
      text,
      {
        code: error?.code ?? `HTTP_${response.status}`,
        response: response.data,
      },
    );
  }

  /** Variant B's bearer token: the same client-credentials request as every other OAuth client here. */
  private authenticateApi(): Promise<StoredToken> {
    return fetchClientCredentialsToken(this.http, {
      tokenUrl: `${this.settings.apiBaseUrl ?? ''}${this.settings.apiTokenPath ?? DEFAULT_API_TOKEN_PATH}`,
      clientId: this.settings.clientId,
      clientSecret: this.settings.clientSecret,
      rateKey: this.rateKey,
      now: this.now,
      defaultLifetimeSeconds: 3600,
    });
  }

  private async publicCall(
    path: string,
    params: Record<string, string>,
    extra: Record<string, string> = {},
  ): Promise<unknown> {
    const response = await this.http.send<GatewayEnvelope>({
      operation: path,
      method: 'GET',
      url: `${this.settings.baseUrl}/${path}`,
      params: { email: this.settings.email, ...params },
      headers: { ...extra, ...this.session.appHeaders() },
      idempotent: true,
      rateKey: this.rateKey,
    });
    if (!envelopeOk(response.data)) throw envelopeError(path, response.status, response.data);
    return response.data.data;
  }

  private async userCall(path: string, params: Record<string, string>): Promise<unknown> {
    const headers = await this.session.headersForUser();
    const response = await this.http.send<GatewayEnvelope>({
      operation: path,
      method: 'GET',
      url: `${this.settings.baseUrl}/${path}`,
      params: { email: this.settings.email, ...params },
      headers,
      idempotent: true,
      rateKey: this.rateKey,
    });
    if (envelopeOk(response.data)) return response.data.data;
    const error = envelopeError(path, response.status, response.data);
    if (error.errorClass === 'auth') await this.session.requireOperator(headers.txn, error.message);
    throw error;
  }
}

function fileCount(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  if (record.docdata !== undefined) return undefined;
  const count = Number(record.fc ?? record.file_count);
  return Number.isInteger(count) && count > 0 ? count : undefined;
}

function withDefined(params: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
