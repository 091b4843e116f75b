/**
 * Catalog B: REST with an OAuth2 client-credentials bearer token (1 h) from a form-urlencoded token
 * endpoint; the operations of its published table only (catalog-b-profile.ts). NIC field names in
 * bodies. Answers are read by their content, not only their status: a 2xx carrying IRP errors (e.g. 2150
 * with DUPIRN) is a rejection, a 4xx without `errors[]` is a rejection with its text, 401/403 or 1005
 * renew the token once, and the IRP's "try later" codes are transient.
 */
import type { ComplianceHttpClient, ComplianceResponse } from '../../compliance/http';
import { gatewayTransport } from '../../compliance/http';
import { fetchClientCredentialsToken } from '../../compliance/http';
import { callWithReauth, type TokenManager } from '../../compliance/http';
import type { StoredToken } from '../../compliance/http';
import { ComplianceError } from '../../compliance';
import {
  CATALOG_B_AUTH_CODES,
  CATALOG_B_DEFAULTS,
  CATALOG_B_OPERATIONS,
  CATALOG_B_TRANSIENT_CODES,
  catalogBErrors,
  catalogBPlainMessage,
  catalogBProfile,
  isCatalogBFailure,
  type CatalogBOperationName,
  type CatalogBProfile,
} from '../../compliance';
import type { EinvoiceProviderConfig, EinvoiceProviderDeps } from '../../compliance';
import { readInfoDtls } from '../../compliance';
import { readIrnCallback, type IrnCallback } from './irn-callback';
import { asNicIrnDetails } from '../../compliance';
import { toIrnResult, type NicIrnDetails } from './irn-details';
import { IrpSignatures } from './irp-signatures';
import { IrpRejection } from '../../compliance';
import type {
  BulkRowResult,
  CancelIrnRequest,
  CancelIrnResult,
  EinvoiceProvider,
  IrnResult,
  NicInvoicePayload,
} from './provider';
import { toSignedQr, type IrnQrData, type SignedQr } from './signed-qr';

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
  readonly profile: CatalogBProfile;

  constructor(
    private readonly config: EinvoiceProviderConfig,
    deps: EinvoiceProviderDeps = {},
  ) {
    this.now = deps.now ?? Date.now;
    this.profile = catalogBProfile(config.catalogB);
    this.signatures = new IrpSignatures(config.publicKeyPem, PROVIDER, deps.warn);
    ({
      http: this.http,
      tokens: this.tokens,
      rateKey: this.rateKey,
    } = gatewayTransport(PROVIDER, config, [config.baseUrl, config.clientId], deps, () =>
      this.authenticate(),
    ));
  }

  async generateIrn(payload: NicInvoicePayload): Promise<IrnResult> {
    const body = await this.call<unknown>('generate-irn', { data: payload, idempotent: false });
    return toIrnResult(this.details(body.data), readInfoDtls(body), body, this.signatures);
  }

  /**
   * Up to 1,000 documents in one call; each row succeeds or fails on its own. The table shows no body:
   * `{invoices: [...]}` answered with `results: [{index, success, data | errors}]` is assumed.
   */
  async bulkGenerateIrn(payloads: NicInvoicePayload[]): Promise<BulkRowResult[]> {
    const body = await this.call<unknown>('bulk-generate-irn', {
      data: { invoices: payloads },
      idempotent: false,
    });
    const rows = (body as { results?: (ApiBody<unknown> & { index: number })[] }).results ?? [];
    return rows.map((row) => {
      if (!isCatalogBFailure(row) && row.data) {
        const result = toIrnResult(this.details(row.data), readInfoDtls(row), row, this.signatures);
        return { index: row.index, result };
      }
      return { index: row.index, rejection: new IrpRejection(catalogBErrors(row), readInfoDtls(row), row) };
    });
  }

  /** An IRN answer's fields in NIC's names, read under the names this provider's profile accepts. */
  private details(data: unknown): NicIrnDetails | undefined {
    return asNicIrnDetails(data, this.profile.answerFields);
  }

  /** An IRN webhook callback, verified with this provider's IRP public key. */
  readIrnCallback(body: unknown): IrnCallback {
    return readIrnCallback(body, this.config.publicKeyPem ?? '');
  }

  async getIrnByDocDetails(docType: string, docNo: string, docDate: string): Promise<IrnResult | undefined> {
    const names = this.profile.docLookupParams;
    try {
      const body = await this.call<unknown>('irn-by-docnumber', {
        params: { [names.docType]: docType, [names.docNo]: docNo, [names.docDate]: docDate },
        idempotent: true,
        notFoundIsAnswer: true,
      });
      if (body === NOT_FOUND) return undefined;
      return toIrnResult(this.details(body.data), readInfoDtls(body), body, this.signatures);
    } catch (error) {
      if (error instanceof IrpRejection && error.isNotFound()) return undefined;
      throw error;
    }
  }

  async cancelIrn(request: CancelIrnRequest): Promise<CancelIrnResult> {
    const body = await this.call<{ Irn?: string; CancelDate?: string }>('cancel-irn', {
      data: { Irn: request.irn, CnlRsn: request.reasonCode, CnlRem: request.remark },
      idempotent: false,
    });
    return { irn: body.data?.Irn ?? request.irn, cancelDate: String(body.data?.CancelDate ?? ''), raw: body };
  }

  /** The IRN's SignedQRCode, for printing (`GET /qr?irn=`; the parameter name is assumed). */
  async qr(irn: string): Promise<SignedQr<IrnQrData>> {
    const body = await this.call<{ SignedQRCode?: unknown }>('qr', { params: { irn }, idempotent: true });
    return toSignedQr<IrnQrData>(body.data?.SignedQRCode, body, this.config.publicKeyPem);
  }

  private async call<T>(
    operation: CatalogBOperationName,
    request: {
      data?: unknown;
      params?: Record<string, string>;
      idempotent: boolean;
      notFoundIsAnswer?: boolean;
    },
  ): Promise<ApiBody<T>> {
    const url = this.profile.url(this.config.baseUrl, operation);
    const gstinHeader = this.profile.gstinHeader;
    const response = await callWithReauth(
      this.tokens,
      (token) =>
        this.http.send<ApiBody<T>>({
          operation,
          method: CATALOG_B_OPERATIONS[operation].method,
          url,
          params: request.params,
          headers: {
            authorization: `Bearer ${token.token}`,
            ...(gstinHeader ? { [gstinHeader]: this.config.gstin } : {}),
            // Seed 001: every call carries the e-mail registered with the service account.
            ...(this.config.email ? { email: this.config.email } : {}),
          },
          data: request.data,
          idempotent: request.idempotent,
          rateKey: this.rateKey,
        }),
      (answer) =>
        answer.status === 401 ||
        answer.status === 403 ||
        catalogBErrors(answer.data).some((error) => CATALOG_B_AUTH_CODES.has(error.code)),
    );
    const errors = catalogBErrors(response.data);
    if (response.status === 404 && request.notFoundIsAnswer && errors.length === 0)
      return NOT_FOUND as ApiBody<T>;
    const ok = response.status >= 200 && response.status < 300;
    if (ok && !isCatalogBFailure(response.data)) return response.data;
    if (errors.some((error) => CATALOG_B_TRANSIENT_CODES.has(error.code))) {
      throw new ComplianceError('transient', `${operation}: ${describe(errors)} (try again later)`, {
        code: errors.map((error) => error.code).join(','),
        response: response.data,
      });
    }
    throw rejectionOf(operation, response, errors, request.idempotent);
  }

  /** OAuth2 client credentials, form-urlencoded, at the configured token path. */
  private authenticate(): Promise<StoredToken> {
    return fetchClientCredentialsToken(this.http, {
      tokenUrl: this.profile.tokenUrl(this.config.baseUrl),
      clientId: this.config.clientId,
      clientSecret: this.config.clientSecret,
      rateKey: this.rateKey,
      now: this.now,
      defaultLifetimeSeconds: CATALOG_B_DEFAULTS.tokenLifetimeSeconds,
    });
  }
}

const NOT_FOUND: ApiBody = Object.freeze({ success: false });

function describe(errors: { code: string; message: string }[]): string {
  return errors.map((error) => `${error.code} ${error.message}`.trim()).join('; ');
}

/**
 * A refusal: the IRP's codes when the answer carries them; otherwise the answer's own text under
 * HTTP_<status>. A 404 without IRP errors is a wrong path (config); a 2xx that says it failed without
 * saying why may have done something (unknown outcome for a non-idempotent call).
 */
function rejectionOf(
  operation: CatalogBOperationName,
  response: ComplianceResponse<ApiBody>,
  errors: { code: string; message: string }[],
  idempotent: boolean,
): ComplianceError {
  const body = response.data;
  if (errors.length > 0) return new IrpRejection(errors, readInfoDtls(body ?? {}), body);
  if (response.status === 404) {
    return new ComplianceError('config', `${operation}: HTTP 404 (check the provider's paths)`, {
      code: 'HTTP_404',
      response: body,
    });
  }
  if (response.status < 300 && !idempotent) {
    return new ComplianceError('unknown-outcome', `${operation}: answer says it failed without a reason`, {
      code: 'MALFORMED_RESPONSE',
      response: body,
    });
  }
  const code = `HTTP_${response.status}`;
  return new IrpRejection([{ code, message: catalogBPlainMessage(body, response.status) }], [], body);
}
