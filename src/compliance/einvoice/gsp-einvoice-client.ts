/**
 * Catalog A: the GSP gateway (`/einvoice/authenticate`, `/einvoice/type/{OP}/version/V1_03?email=`),
 * credentials and the auth token in headers, envelope {status_cd, status_desc, data}; errors are a JSON
 * string of [{ErrorCode, ErrorMessage}] in status_desc. 1005 (invalid token) re-authenticates once.
 */
import type { Method } from 'axios';
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
import { toIrnResult, type NicIrnDetails } from './irn-details';
import { IrpSignatures } from './irp-signatures';
import { AUTH_CODES, infoEntries, IrpRejection, parseStatusDesc } from './irp-rejection';
import { parseIstDateTime } from './ist-expiry';
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
}

interface GspCall {
  operation: string;
  method: Method;
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

  constructor(
    private readonly config: EinvoiceProviderConfig,
    deps: EinvoiceProviderDeps = {},
  ) {
    if (!config.username || !config.password || !config.email) {
      throw new ComplianceError('config', 'catalog A needs username, password and email');
    }
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
      tokenKey(PROVIDER, config.baseUrl, config.clientId, config.username, config.gstin),
      () => this.authenticate(),
      { refreshAheadMs: config.tokenRefreshAheadMs, now: deps.now },
    );
  }

  async generateIrn(payload: NicInvoicePayload): Promise<IrnResult> {
    const envelope = await this.call<NicIrnDetails>({
      operation: 'GENERATE',
      method: 'POST',
      data: payload,
      idempotent: false,
    });
    return toIrnResult(envelope.data, infoEntries(envelope.info), envelope, this.signatures);
  }

  async getIrnByDocDetails(docType: string, docNo: string, docDate: string): Promise<IrnResult | undefined> {
    try {
      const envelope = await this.call<NicIrnDetails>({
        operation: 'GETIRNBYDOCDETAILS',
        method: 'GET',
        params: { param1: docType },
        headers: { docnum: docNo, docdate: docDate },
        idempotent: true,
      });
      return toIrnResult(envelope.data, infoEntries(envelope.info), envelope, this.signatures);
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
      method: 'GET',
      params: { param1: irn },
      idempotent: true,
    });
    return toIrnResult(envelope.data, infoEntries(envelope.info), envelope, this.signatures);
  }

  async cancelIrn(request: CancelIrnRequest): Promise<CancelIrnResult> {
    const envelope = await this.call<{ Irn?: string; CancelDate?: string }>({
      operation: 'CANCEL',
      method: 'POST',
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
      method: 'GET',
      params: { param1: gstin },
      idempotent: true,
    });
    return toGstinDetails(envelope.data, gstin, envelope);
  }

  /** The taxpayer as GSTN's common portal has it now (GSTNDETAILS may answer from the IRP's cache). */
  async syncGstinFromCp(gstin: string): Promise<GstinDetails> {
    const envelope = await this.call<Record<string, unknown>>({
      operation: 'SYNC_GSTIN_FROMCP',
      method: 'GET',
      params: { param1: gstin },
      idempotent: true,
    });
    return toGstinDetails(envelope.data, gstin, envelope);
  }

  async generateEwaybillByIrn(request: EwaybillByIrnRequest): Promise<EwaybillByIrnResult> {
    const envelope = await this.call<NicEwaybillDetails>({
      operation: 'GENERATE_EWAYBILL',
      method: 'POST',
      data: request,
      idempotent: false,
    });
    return toEwaybillResult(envelope.data, infoEntries(envelope.info), envelope);
  }

  async getEwaybillByIrn(irn: string): Promise<EwaybillOfIrn> {
    const envelope = await this.call<NicEwaybillDetails>({
      operation: 'GETEWAYBILLIRN',
      method: 'GET',
      params: { param1: irn },
      idempotent: true,
    });
    return toEwaybillOfIrn(envelope.data, envelope);
  }

  /** Documents the IRP refused on `date` (dd/mm/yyyy, IST day). */
  async getRejectedIrns(date: string): Promise<RejectedDocument[]> {
    const envelope = await this.call<unknown>({
      operation: 'GETREJECTEDIRNS',
      method: 'GET',
      params: { param1: date },
      idempotent: true,
    });
    return toRejectedDocuments(envelope.data);
  }

  /** B2C dynamic QR; signing only, so a retry cannot register anything twice. */
  async b2cQr(request: B2cQrRequest): Promise<SignedQr<B2cQrData>> {
    const envelope = await this.call<{ SignedQRCode?: unknown }>({
      operation: 'B2CQR',
      method: 'POST',
      data: request,
      idempotent: true,
    });
    return toSignedQr<B2cQrData>(envelope.data?.SignedQRCode, envelope, this.config.publicKeyPem);
  }

  private async call<T>(call: GspCall): Promise<GspEnvelope<T>> {
    const envelope = await callWithReauth(
      this.tokens,
      async (token) => {
        const response = await this.http.send<GspEnvelope<T>>({
          operation: call.operation,
          method: call.method,
          url: `${this.config.baseUrl}/einvoice/type/${call.operation}/version/V1_03`,
          params: { ...call.params, email: this.config.email! },
          headers: { ...this.credentialHeaders(), 'auth-token': token.token, ...call.headers },
          data: call.data,
          idempotent: call.idempotent,
          rateKey: this.rateKey,
        });
        return envelopeOf<T>(response.data, response.status, call.operation);
      },
      (envelope) =>
        isFailure(envelope) && parseStatusDesc(envelope.status_desc).some((e) => AUTH_CODES.has(e.code)),
    );
    if (isFailure(envelope)) {
      throw new IrpRejection(parseStatusDesc(envelope.status_desc), infoEntries(envelope.info), envelope);
    }
    return envelope;
  }

  private async authenticate(): Promise<StoredToken> {
    type AuthData = { AuthToken?: string; TokenExpiry?: string; Sek?: string };
    const response = await this.http.send<GspEnvelope<AuthData>>({
      operation: 'authenticate',
      method: 'GET',
      url: `${this.config.baseUrl}/einvoice/authenticate`,
      params: { email: this.config.email! },
      headers: this.credentialHeaders(),
      idempotent: true,
      rateKey: this.rateKey,
    });
    const envelope = envelopeOf<AuthData>(response.data, response.status, 'authenticate');
    const token = envelope.data?.AuthToken;
    const expiresAtMs = parseIstDateTime(envelope.data?.TokenExpiry);
    if (isFailure(envelope) || !token || expiresAtMs === undefined) {
      const errors = parseStatusDesc(envelope.status_desc);
      throw new ComplianceError(
        'auth',
        `GSP authentication failed: ${errors.map((e) => `${e.code} ${e.message}`).join('; ')}`,
        {
          code: errors.map((e) => e.code).join(',') || undefined,
          response: envelope,
        },
      );
    }
    return { token, expiresAtMs, extra: envelope.data?.Sek ? { sek: envelope.data.Sek } : undefined };
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

function envelopeOf<T>(body: unknown, status: number, operation: string): GspEnvelope<T> {
  if (typeof body !== 'object' || body === null || !('status_cd' in body)) {
    const errorClass = status === 401 || status === 403 ? 'auth' : status === 404 ? 'config' : 'transient';
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
