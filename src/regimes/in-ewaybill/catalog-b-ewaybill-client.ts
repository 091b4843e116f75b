/**
 * E-way bill, catalog B: REST with an OAuth2 client-credentials bearer token, the table's seven
 * operations (catalog-b-ewaybill-profile.ts). Answers read by content like catalog B's e-invoice side: a
 * 2xx that says it failed, or any 4xx, is a rejection with the e-way bill system's code kept; 401/403 or
 * the system's token codes renew the token once. The provider retries the e-way bill system itself
 * (3 attempts, 1 s/2 s/4 s) and then answers 502/503: final, never retried here for a change (an unknown
 * outcome for generate, cancel and the rest).
 */
import { catalogBErrors, catalogBPlainMessage, isCatalogBFailure } from '../../compliance';
import type { EinvoiceProviderDeps } from '../../compliance';
import type { IrpErrorEntry } from '../../compliance';
import type { ComplianceHttpClient } from '../../compliance/http';
import { gatewayTransport } from '../../compliance/http';
import { fetchClientCredentialsToken } from '../../compliance/http';
import { callWithReauth, type TokenManager } from '../../compliance/http';
import { ComplianceError } from '../../compliance';
import {
  CATALOG_B_EWAYBILL_DEFAULTS,
  EWAYBILL_CATALOG_B_OPERATIONS,
  type CatalogBEwaybillOperation,
} from './catalog-b-ewaybill-profile';
import {
  EWAYBILL_AUTH_CODES,
  EWAYBILL_TRANSIENT_CODES,
  toConsolidated,
  toGenerated,
  toUpdated,
} from './ewaybill-answers';
import type { EwaybillProviderConfig } from './ewaybill-config';
import type {
  ConsolidateRequest,
  ConsolidatedEwaybill,
  EwaybillBulkRow,
  EwaybillCancelRequest,
  EwaybillGenerated,
  EwaybillGenerateRequest,
  EwaybillProvider,
  EwaybillUpdated,
  ExtendValidityRequest,
  PartBUpdateRequest,
} from './ewaybill-types';

const PROVIDER = 'api-v1-ewaybill';

interface Body {
  data?: unknown;
  results?: { index: number; success?: unknown; data?: unknown; errors?: unknown }[];
}

export class CatalogBEwaybillClient implements EwaybillProvider {
  readonly catalog = 'B' as const;
  readonly tokens: TokenManager;
  private readonly http: ComplianceHttpClient;
  private readonly rateKey: string;

  constructor(
    private readonly config: EwaybillProviderConfig,
    deps: EinvoiceProviderDeps = {},
  ) {
    const now = deps.now ?? Date.now;
    ({
      http: this.http,
      tokens: this.tokens,
      rateKey: this.rateKey,
    } = gatewayTransport(PROVIDER, config, [config.baseUrl, config.clientId], deps, (http, rateKey) =>
      fetchClientCredentialsToken(http, {
        tokenUrl: `${trim(config.baseUrl)}${config.catalogB?.tokenPath ?? CATALOG_B_EWAYBILL_DEFAULTS.tokenPath}`,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        rateKey,
        now,
      }),
    ));
  }

  async generate(request: EwaybillGenerateRequest): Promise<EwaybillGenerated> {
    const operation =
      this.config.catalogB?.generateOperation ?? CATALOG_B_EWAYBILL_DEFAULTS.generateOperation;
    const body = await this.call(operation, request);
    return toGenerated(body.data, body);
  }

  /** Up to 1,000 per call; body not shown: `{ewaybills: [...]}` answered `results: [{index, ...}]` assumed. */
  async bulkGenerate(requests: EwaybillGenerateRequest[]): Promise<EwaybillBulkRow[]> {
    const body = await this.call('bulk-generate', { ewaybills: requests });
    return (body.results ?? []).map((row) => {
      if (!isCatalogBFailure(row) && row.data)
        return { index: row.index, result: toGenerated(row.data, row) };
      return { index: row.index, error: rejection('bulk-generate', catalogBErrors(row), row) };
    });
  }

  async updatePartB(request: PartBUpdateRequest): Promise<EwaybillUpdated> {
    const body = await this.call('update-part-b', request);
    return toUpdated(body.data, body);
  }

  async extendValidity(request: ExtendValidityRequest): Promise<EwaybillUpdated> {
    const body = await this.call('extend', request);
    return toUpdated(body.data, body);
  }

  async cancel(request: EwaybillCancelRequest): Promise<EwaybillUpdated> {
    const body = await this.call('cancel', request);
    return toUpdated(body.data, body);
  }

  async consolidate(request: ConsolidateRequest): Promise<ConsolidatedEwaybill> {
    const body = await this.call('consolidated', request);
    return toConsolidated(body.data, body);
  }

  /** Every catalog B e-way bill operation changes something: none is idempotent. */
  private async call(operation: CatalogBEwaybillOperation, data: unknown): Promise<Body> {
    const { method, path } = EWAYBILL_CATALOG_B_OPERATIONS[operation];
    const prefix = this.config.catalogB?.apiPrefix ?? CATALOG_B_EWAYBILL_DEFAULTS.apiPrefix;
    const gstinHeader = this.config.catalogB?.gstinHeader ?? CATALOG_B_EWAYBILL_DEFAULTS.gstinHeader;
    const response = await callWithReauth(
      this.tokens,
      (token) =>
        this.http.send<Body>({
          operation,
          method,
          url: `${trim(this.config.baseUrl)}${prefix}${path}`,
          headers: {
            authorization: `Bearer ${token.token}`,
            ...(gstinHeader ? { [gstinHeader]: this.config.gstin } : {}),
            // Seed 001: every call carries the e-mail registered with the service account.
            ...(this.config.email ? { email: this.config.email } : {}),
          },
          data,
          idempotent: false,
          rateKey: this.rateKey,
        }),
      (answer) =>
        answer.status === 401 ||
        answer.status === 403 ||
        catalogBErrors(answer.data).some((error) => EWAYBILL_AUTH_CODES.has(error.code)),
    );
    if (response.status >= 200 && response.status < 300 && !isCatalogBFailure(response.data))
      return response.data;
    const errors = catalogBErrors(response.data);
    if (errors.some((error) => EWAYBILL_TRANSIENT_CODES.has(error.code))) {
      throw new ComplianceError('transient', `${operation}: ${describe(errors)} (try again later)`, {
        code: errors.map((error) => error.code).join(','),
        response: response.data,
      });
    }
    if (response.status === 404 && errors.length === 0) {
      throw new ComplianceError('config', `${operation}: HTTP 404 (check the provider's paths)`, {
        code: 'HTTP_404',
        response: response.data,
      });
    }
    const entries =
      errors.length > 0
        ? errors
        : [
            {
              code: `HTTP_${response.status}`,
              message: catalogBPlainMessage(response.data, response.status),
            },
          ];
    throw rejection(operation, entries, response.data);
  }
}

function rejection(operation: string, errors: IrpErrorEntry[], response: unknown): ComplianceError {
  return new ComplianceError('rejected', `${operation}: ${describe(errors) || 'refused'}`, {
    code: errors.map((error) => error.code).join(',') || undefined,
    response,
  });
}

function describe(errors: IrpErrorEntry[]): string {
  return errors.map((error) => `${error.code} ${error.message}`.trim()).join('; ');
}

function trim(url: string): string {
  return url.replace(/\/+$/, '');
}
