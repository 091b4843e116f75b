/**
 * Catalog B: REST under /api/v1 with an OAuth2 client_credentials bearer token (1 h). NIC field names in
 * bodies; errors as {errors: [{code, message}], info}. HTTP 401 re-authenticates once.
 */
import type { Method } from 'axios';
import { ClientRateLimiter } from '../http/client-rate-limiter';
import { ComplianceHttpClient, type ComplianceResponse } from '../http/compliance-http-client';
import { callWithReauth, TokenManager } from '../http/token-manager';
import { InMemoryTokenStore, tokenKey, type StoredToken } from '../http/token-store';
import { ComplianceError } from '../regime';
import type { EinvoiceProviderConfig, EinvoiceProviderDeps } from './einvoice-config';
import { toGstinDetails } from './gstin-details';
import { toIrnResult, type NicIrnDetails } from './irn-details';
import { IrpSignatures } from './irp-signatures';
import { infoEntries, IrpRejection, type IrpErrorEntry } from './irp-rejection';
import type {
  BulkRowResult,
  CancelIrnRequest,
  CancelIrnResult,
  EinvoiceProvider,
  GstinDetails,
  IrnResult,
  NicInvoicePayload,
} from './provider';
import { toSignedQr, type IrnQrData, type SignedQr } from './signed-qr';
import { wireText } from './wire-text';

const PROVIDER = 'api-v1-einvoice';

interface ApiBody<T = unknown> {
  success?: boolean;
  data?: T;
  errors?: { code?: unknown; message?: unknown }[];
  info?: unknown;
}

export type { BulkRowResult };

export class ApiV1EinvoiceClient implements EinvoiceProvider {
  readonly catalog = 'B' as const;
  private readonly http: ComplianceHttpClient;
  readonly tokens: TokenManager;
  private readonly rateKey: string;
  private readonly signatures: IrpSignatures;
  private readonly now: () => number;

  constructor(
    private readonly config: EinvoiceProviderConfig,
    deps: EinvoiceProviderDeps = {},
  ) {
    this.now = deps.now ?? Date.now;
    this.signatures = new IrpSignatures(config.publicKeyPem, PROVIDER, deps.warn);
    this.rateKey = tokenKey(PROVIDER, config.clientId);
    this.http = new ComplianceHttpClient({
      provider: PROVIDER,
      policy: config.http,
      logger: deps.logger,
      rateLimiter: deps.rateLimiter ?? new ClientRateLimiter(config.rateLimit, deps.now, deps.sleep),
      sleep: deps.sleep,
    });
    this.tokens = new TokenManager(
      deps.tokenStore ?? new InMemoryTokenStore(),
      tokenKey(PROVIDER, config.baseUrl, config.clientId),
      () => this.authenticate(),
      { refreshAheadMs: config.tokenRefreshAheadMs, now: deps.now },
    );
  }

  async generateIrn(payload: NicInvoicePayload): Promise<IrnResult> {
    const body = await this.call<NicIrnDetails>('generate-irn', 'POST', '/generate-irn', payload, false);
    return toIrnResult(body.data, infoEntries(body.info), body, this.signatures);
  }

  /** Up to 1,000 documents in one call; each row succeeds or fails on its own. */
  async bulkGenerateIrn(payloads: NicInvoicePayload[]): Promise<BulkRowResult[]> {
    const body = await this.call<unknown>(
      'bulk-generate-irn',
      'POST',
      '/bulk-generate-irn',
      { invoices: payloads },
      false,
    );
    const rows = (body as { results?: (ApiBody<NicIrnDetails> & { index: number })[] }).results ?? [];
    return rows.map((row) => {
      if (row.success) {
        return {
          index: row.index,
          result: toIrnResult(row.data, infoEntries(row.info), row, this.signatures),
        };
      }
      return { index: row.index, rejection: new IrpRejection(errorEntries(row), infoEntries(row.info), row) };
    });
  }

  async getIrnByDocDetails(docType: string, docNo: string, docDate: string): Promise<IrnResult | undefined> {
    const query = new URLSearchParams({ docType, docNum: docNo, docDate }).toString();
    const body = await this.call<NicIrnDetails>(
      'irn-by-docnumber',
      'GET',
      `/irn-by-docnumber?${query}`,
      undefined,
      true,
      true,
    );
    if (body === NOT_FOUND) return undefined;
    return toIrnResult(body.data, infoEntries(body.info), body, this.signatures);
  }

  async getByIrn(irn: string): Promise<IrnResult> {
    const body = await this.call<NicIrnDetails>(
      'get-irn',
      'GET',
      `/irn/${encodeURIComponent(irn)}`,
      undefined,
      true,
    );
    return toIrnResult(body.data, infoEntries(body.info), body, this.signatures);
  }

  async cancelIrn(request: CancelIrnRequest): Promise<CancelIrnResult> {
    const body = await this.call<{ Irn?: string; CancelDate?: string }>(
      'cancel-irn',
      'POST',
      '/cancel-irn',
      { Irn: request.irn, CnlRsn: request.reasonCode, CnlRem: request.remark },
      false,
    );
    return { irn: body.data?.Irn ?? request.irn, cancelDate: String(body.data?.CancelDate ?? ''), raw: body };
  }

  async gstinDetails(gstin: string): Promise<GstinDetails> {
    const body = await this.call<Record<string, unknown>>(
      'gstin',
      'GET',
      `/gstin/${encodeURIComponent(gstin)}`,
      undefined,
      true,
    );
    return toGstinDetails(body.data, gstin, body);
  }

  /** The IRN's SignedQRCode, for printing. */
  async qr(irn: string): Promise<SignedQr<IrnQrData>> {
    const query = new URLSearchParams({ irn }).toString();
    const body = await this.call<{ SignedQRCode?: unknown }>('qr', 'GET', `/qr?${query}`, undefined, true);
    return toSignedQr<IrnQrData>(body.data?.SignedQRCode, body, this.config.publicKeyPem);
  }

  private async call<T>(
    operation: string,
    method: Method,
    path: string,
    data: unknown,
    idempotent: boolean,
    notFoundIsAnswer = false,
  ): Promise<ApiBody<T>> {
    const response = await callWithReauth(
      this.tokens,
      (token) =>
        this.http.send<ApiBody<T>>({
          operation,
          method,
          url: `${this.config.baseUrl}/api/v1${path}`,
          headers: { authorization: `Bearer ${token.token}`, 'x-gstin': this.config.gstin },
          data,
          idempotent,
          rateKey: this.rateKey,
        }),
      (answer) => answer.status === 401,
    );
    if (response.status === 404 && notFoundIsAnswer) return NOT_FOUND as ApiBody<T>;
    if (response.status >= 200 && response.status < 300) return response.data;
    throw rejectionOf(response);
  }

  private async authenticate(): Promise<StoredToken> {
    const response = await this.http.send<{ access_token?: string; expires_in?: number; error?: string }>({
      operation: 'auth',
      method: 'POST',
      url: `${this.config.baseUrl}/api/v1/auth/token`,
      data: {
        grant_type: 'client_credentials',
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
      },
      idempotent: true,
      rateKey: this.rateKey,
    });
    const { access_token: token, expires_in: expiresIn } = response.data ?? {};
    if (response.status !== 200 || !token || typeof expiresIn !== 'number') {
      throw new ComplianceError(
        'auth',
        `token request failed (HTTP ${response.status}: ${response.data?.error ?? 'no token'})`,
        {
          code: response.data?.error,
          response: response.data,
        },
      );
    }
    return { token, expiresAtMs: this.now() + expiresIn * 1000 };
  }
}

const NOT_FOUND: ApiBody = Object.freeze({ success: false });

function errorEntries(body: ApiBody): IrpErrorEntry[] {
  return (body.errors ?? []).map((error) => ({
    code: wireText(error.code),
    message: wireText(error.message),
  }));
}

function rejectionOf(response: ComplianceResponse<ApiBody>): ComplianceError {
  const body = response.data ?? {};
  const errors = errorEntries(body);
  if (response.status === 403) {
    return new ComplianceError('config', `GSTIN not allowed for these credentials (HTTP 403)`, {
      code: errors[0]?.code,
      response: body,
    });
  }
  if (errors.length === 0) {
    return new ComplianceError('config', `unexpected answer HTTP ${response.status}`, {
      code: `HTTP_${response.status}`,
      response: body,
    });
  }
  return new IrpRejection(errors, infoEntries(body.info), body);
}
