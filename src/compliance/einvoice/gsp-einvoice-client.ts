/**
 * Catalog A: the GSP gateway (`/einvoice/authenticate`, `/einvoice/type/{OP}/version/V1_03?email=`),
 * credentials and the auth token in headers, envelope {status_cd, status_desc, data}; errors are a JSON
 * string of [{ErrorCode, ErrorMessage}] in status_desc. Paths, the error map and token rules are the
 * profile's (catalog-a-profile.ts): every way the GSP says "token expired" (HTTP 401/403, 1005, "Invalid
 * token") re-authenticates once; its outage markers and the IRP's "try later" codes are transient.
 */
import { ClientRateLimiter } from '../http/client-rate-limiter';
import { ComplianceHttpClient } from '../http/compliance-http-client';
import { callWithReauth, TokenManager } from '../http/token-manager';
import { InMemoryTokenStore, tokenKey, type StoredToken } from '../http/token-store';
import { ComplianceError } from '../regime';
import type { EinvoiceProviderConfig, EinvoiceProviderDeps } from './einvoice-config';
import {
  toEwaybillOfIrn,
  toEwaybillResult,
  type EwaybillByIrnRequest,
  type EwaybillByIrnResult,
  type EwaybillOfIrn,
  type NicEwaybillDetails,
} from './ewaybill-by-irn';
import { toGstinDetails } from './gstin-details';
import { readIrnCallback, type IrnCallback } from './irn-callback';
import { toIrnResult, type NicIrnDetails } from './irn-details';
import { IrpSignatures } from './irp-signatures';
import { readInfoDtls } from './info-dtls';
import { IrpRejection, parseStatusDesc } from './irp-rejection';
import {
  CATALOG_A_OPERATIONS,
  catalogATokenExpiry,
  classifyCatalogAErrors,
  type CatalogAOperationName,
} from './catalog-a-profile';
import type {
  CancelIrnRequest,
  CancelIrnResult,
  EinvoiceProvider,
  GstinDetails,
  IrnResult,
  NicInvoicePayload,
} from './provider';
import { toRejectedDocuments, type RejectedDocument } from './rejected-documents';
import { toSignedQr, type B2cQrData, type B2cQrRequest, type SignedQr } from './signed-qr';

const PROVIDER = 'gsp-einvoice';

interface GspEnvelope<T = unknown> {
  status_cd?: string;
  status_desc?: unknown;
  data?: T;
  info?: unknown;
  InfoDtls?: unknown;
}

interface GspCall {
  operation: CatalogAOperationName;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  data?: unknown;
  idempotent: boolean;
}

export class GspEinvoiceClient implements EinvoiceProvider {
  readonly catalog = 'A' as const;
  private readonly http: ComplianceHttpClient;
  readonly tokens: TokenManager;
  private readonly rateKey: string;
  private readonly signatures: IrpSignatures;
  private readonly now: () => number;

  constructor(
    private readonly config: EinvoiceProviderConfig,
    deps: EinvoiceProviderDeps = {},
  ) {
    if (!config.username || !config.password || !config.email) {
      throw new ComplianceError('config', 'catalog A needs username, password and email');
    }
    this.now = deps.now ?? Date.now;
    this.signatures = new IrpSignatures(config.publicKeyPem, PROVIDER, deps.warn);
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

  async generateIrn(payload: NicInvoicePayload): Promise<IrnResult> {
    const envelope = await this.call<NicIrnDetails>({
      operation: 'GENERATE',
      data: payload,
      idempotent: false,
    });
    return toIrnResult(envelope.data, readInfoDtls(envelope), envelope, this.signatures);
  }

  /** An IRN webhook callback, verified with this provider's IRP public key. */
  readIrnCallback(body: unknown): IrnCallback {
    return readIrnCallback(body, this.config.publicKeyPem ?? '');
  }

  async getIrnByDocDetails(docType: string, docNo: string, docDate: string): Promise<IrnResult | undefined> {
    try {
      const envelope = await this.call<NicIrnDetails>({
        operation: 'GETIRNBYDOCDETAILS',
        params: { param1: docType },
        headers: { docnum: docNo, docdate: docDate },
        idempotent: true,
      });
      return toIrnResult(envelope.data, readInfoDtls(envelope), envelope, this.signatures);
    } catch (error) {
      if (error instanceof IrpRejection && error.isNotFound()) {
        return undefined;
      }
      throw error;
    }
  }

  async getByIrn(irn: string): Promise<IrnResult> {
    const envelope = await this.call<NicIrnDetails>({
      operation: 'GETIRN',
      params: { param1: irn },
      idempotent: true,
    });
    return toIrnResult(envelope.data, readInfoDtls(envelope), envelope, this.signatures);
  }

  async cancelIrn(request: CancelIrnRequest): Promise<CancelIrnResult> {
    const envelope = await this.call<{ Irn?: string; CancelDate?: string }>({
      operation: 'CANCEL',
      data: { Irn: request.irn, CnlRsn: request.reasonCode, CnlRem: request.remark },
      idempotent: false,
    });
    return {
      irn: envelope.data?.Irn ?? request.irn,
      cancelDate: String(envelope.data?.CancelDate ?? ''),
      raw: envelope,
    };
  }

  async gstinDetails(gstin: string): Promise<GstinDetails> {
    const envelope = await this.call<Record<string, unknown>>({
      operation: 'GSTNDETAILS',
      params: { param1: gstin },
      idempotent: true,
    });
    return toGstinDetails(envelope.data, gstin, envelope);
  }

  /** The taxpayer as GSTN's common portal has it now (GSTNDETAILS may answer from the IRP's cache). */
  async syncGstinFromCp(gstin: string): Promise<GstinDetails> {
    const envelope = await this.call<Record<string, unknown>>({
      operation: 'SYNC_GSTIN_FROMCP',
      params: { param1: gstin },
      idempotent: true,
    });
    return toGstinDetails(envelope.data, gstin, envelope);
  }

  /**
   * E-way bill from an IRN. Not idempotent: after an unknown outcome a resend meets 4002 ("EwayBill is
   * already generated for this IRN"), which adopts the active e-way bill of the IRN instead of being
   * filed as a refusal.
   */
  async generateEwaybillByIrn(request: EwaybillByIrnRequest): Promise<EwaybillByIrnResult> {
    try {
      const envelope = await this.call<NicEwaybillDetails>({
        operation: 'GENERATE_EWAYBILL',
        data: request,
        idempotent: false,
      });
      return toEwaybillResult(envelope.data, readInfoDtls(envelope), envelope);
    } catch (error) {
      if (!(error instanceof IrpRejection) || !error.hasCode('4002')) throw error;
      const existing = await this.getEwaybillByIrn(request.Irn);
      if (existing.status === 'CNL') throw error;
      return {
        ewbNo: existing.ewbNo,
        ewbDate: existing.ewbDate,
        validUpto: existing.validUpto,
        info: [],
        raw: existing.raw,
        adopted: true,
      };
    }
  }

  async getEwaybillByIrn(irn: string): Promise<EwaybillOfIrn> {
    const envelope = await this.call<NicEwaybillDetails>({
      operation: 'GETEWAYBILLIRN',
      params: { param1: irn },
      idempotent: true,
    });
    return toEwaybillOfIrn(envelope.data, envelope);
  }

  /** Documents the IRP refused on `date` (dd/mm/yyyy, IST day). */
  async getRejectedIrns(date: string): Promise<RejectedDocument[]> {
    const envelope = await this.call<unknown>({
      operation: 'GETREJECTEDIRNS',
      params: { param1: date },
      idempotent: true,
    });
    return toRejectedDocuments(envelope.data);
  }

  /**
   * B2C dynamic QR (`GET /einvoice/qrcode`); signing only, so a retry cannot register anything twice. The
   * table shows no parameters: the request's fields go in the query under their own names (assumed).
   */
  async b2cQr(request: B2cQrRequest): Promise<SignedQr<B2cQrData>> {
    const params = Object.fromEntries(
      Object.entries(request)
        .filter(([, value]) => value !== undefined && value !== null)
        .map(([key, value]) => [key, String(value)]),
    );
    const envelope = await this.call<{ SignedQRCode?: unknown }>({
      operation: 'qrcode',
      params,
      idempotent: true,
    });
    return toSignedQr<B2cQrData>(envelope.data?.SignedQRCode, envelope, this.config.publicKeyPem);
  }

  private async call<T>(call: GspCall): Promise<GspEnvelope<T>> {
    const { method, path } = CATALOG_A_OPERATIONS[call.operation];
    const url = `${this.config.baseUrl}${path}`;
    const answer = await callWithReauth(
      this.tokens,
      async (token) => {
        const response = await this.http.send<GspEnvelope<T>>({
          operation: call.operation,
          method,
          url,
          params: { ...call.params, email: this.config.email! },
          headers: { ...this.credentialHeaders(), 'auth-token': token.token, ...call.headers },
          data: call.data,
          idempotent: call.idempotent,
          rateKey: this.rateKey,
        });
        return { status: response.status, body: response.data };
      },
      (answer) =>
        answer.status === 401 ||
        answer.status === 403 ||
        (isEnvelope(answer.body) &&
          isFailure(answer.body) &&
          classifyCatalogAErrors(parseStatusDesc(answer.body.status_desc), answer.body.status_desc) ===
            'auth'),
    );
    const envelope = envelopeOf<T>(answer.body, answer.status, call.operation, call.idempotent);
    if (isFailure(envelope)) {
      const errors = parseStatusDesc(envelope.status_desc);
      const kind = classifyCatalogAErrors(errors, envelope.status_desc);
      if (kind === 'transient') {
        this.http.reportOutage(url);
        throw new ComplianceError('transient', `${call.operation}: ${describe(errors)} (try again later)`, {
          code: errors.map((e) => e.code).join(',') || 'GSP_UNAVAILABLE',
          response: envelope,
        });
      }
      throw new IrpRejection(errors, readInfoDtls(envelope), envelope);
    }
    return envelope;
  }

  private async authenticate(): Promise<StoredToken> {
    type AuthData = { AuthToken?: string; TokenExpiry?: string; Sek?: string };
    const { method, path } = CATALOG_A_OPERATIONS.authenticate;
    const response = await this.http.send<GspEnvelope<AuthData>>({
      operation: 'authenticate',
      method,
      url: `${this.config.baseUrl}${path}`,
      params: { email: this.config.email! },
      headers: this.credentialHeaders(),
      idempotent: true,
      rateKey: this.rateKey,
    });
    if (response.status === 401 || response.status === 403) {
      throw new ComplianceError('auth', `GSP authentication refused (HTTP ${response.status})`, {
        code: `HTTP_${response.status}`,
        response: response.data,
      });
    }
    const envelope = envelopeOf<AuthData>(response.data, response.status, 'authenticate', true);
    const token = envelope.data?.AuthToken;
    if (isFailure(envelope) || !token) {
      const errors = parseStatusDesc(envelope.status_desc);
      const transient = classifyCatalogAErrors(errors, envelope.status_desc) === 'transient';
      throw new ComplianceError(
        transient ? 'transient' : 'auth',
        `GSP authentication failed: ${describe(errors)}`,
        {
          code: errors.map((e) => e.code).join(',') || undefined,
          response: envelope,
        },
      );
    }
    return {
      token,
      expiresAtMs: catalogATokenExpiry(envelope.data?.TokenExpiry, this.now()),
      extra: envelope.data?.Sek ? { sek: envelope.data.Sek } : undefined,
    };
  }

  private credentialHeaders(): Record<string, string> {
    return {
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
      username: this.config.username!,
      password: this.config.password!,
      gstin: this.config.gstin,
      ip_address: this.config.ipAddress ?? '127.0.0.1',
    };
  }
}

function isEnvelope(body: unknown): body is GspEnvelope {
  return typeof body === 'object' && body !== null && 'status_cd' in body;
}

/**
 * The GSP envelope of an answer. Anything else: 401/403 auth, 404 a wrong path (config), and otherwise
 * transient, or an unknown outcome when the request may have changed something at the IRP.
 */
function envelopeOf<T>(
  body: unknown,
  status: number,
  operation: string,
  idempotent: boolean,
): GspEnvelope<T> {
  if (!isEnvelope(body)) {
    const errorClass =
      status === 401 || status === 403
        ? 'auth'
        : status === 404
          ? 'config'
          : idempotent
            ? 'transient'
            : 'unknown-outcome';
    throw new ComplianceError(errorClass, `${operation}: unexpected GSP answer (HTTP ${status})`, {
      code: `HTTP_${status}`,
      response: body,
    });
  }
  return body as GspEnvelope<T>;
}

function isFailure(envelope: GspEnvelope): boolean {
  const status = String(envelope.status_cd ?? '').toLowerCase();
  return !(status === '1' || status === 'sucess' || status === 'success');
}

function describe(errors: { code: string; message: string }[]): string {
  return errors.map((e) => `${e.code} ${e.message}`.trim()).join('; ');
}
