/**
 * Catalog B (REST, OAuth2 client-credentials bearer token, 1 h) as its operation table publishes it:
 * relative to `{base_url}/einvoice`, `POST /api/v1/generate-irn`, `POST /bulk-generate-irn`,
 * `POST /cancel-irn`, `GET /irn-by-docnumber`, `GET /qr`. Nothing else (no get-by-IRN, no GSTIN
 * details). What the table does not show (the token endpoint, query names, the GSTIN header) comes from
 * configuration with the defaults below; docs/providers.md lists them for a deployment to confirm.
 */
import type { Method } from 'axios';
import { NIC_IRN_ANSWER_FIELDS, SEED_IRN_ANSWER_FIELDS, type IrnAnswerFields } from './irn-answer-fields';
import type { IrpErrorEntry } from './irp-rejection';
import { wireText } from './wire-text';

export type CatalogBOperationName =
  'generate-irn' | 'bulk-generate-irn' | 'cancel-irn' | 'irn-by-docnumber' | 'qr';

export const CATALOG_B_OPERATIONS: Record<CatalogBOperationName, { method: Method; path: string }> = {
  'generate-irn': { method: 'POST', path: '/api/v1/generate-irn' },
  'bulk-generate-irn': { method: 'POST', path: '/bulk-generate-irn' },
  'cancel-irn': { method: 'POST', path: '/cancel-irn' },
  'irn-by-docnumber': { method: 'GET', path: '/irn-by-docnumber' },
  qr: { method: 'GET', path: '/qr' },
};

/** Settings for what catalog B's document does not show. */
export interface CatalogBSettings {
  /** Prefix of the operation paths under the base URL; published: `/einvoice`. */
  apiPrefix?: string;
  /** OAuth2 token endpoint under the base URL (form-urlencoded client_credentials). Assumed: `/oauth/token`. */
  tokenPath?: string;
  /** Per-operation path overrides (relative to base URL + apiPrefix). */
  paths?: Partial<Record<CatalogBOperationName, string>>;
  /** Query parameter names of `irn-by-docnumber`. Assumed: docType, docNum, docDate. */
  docLookupParams?: { docType: string; docNo: string; docDate: string };
  /** Header naming the acting GSTIN; assumed `x-gstin`; empty string sends none. */
  gstinHeader?: string;
  /**
   * Names of the fields of a successful IRN answer (generate, bulk rows, look-up), tried in order.
   * Default: the seed's (`Irn, AckNo, AckDate, signedInvoice, signedQRCode`), then NIC's passed through.
   */
  answerFields?: IrnAnswerFields[];
}

export const CATALOG_B_DEFAULTS = {
  apiPrefix: '/einvoice',
  tokenPath: '/oauth/token',
  docLookupParams: { docType: 'docType', docNo: 'docNum', docDate: 'docDate' },
  gstinHeader: 'x-gstin',
  answerFields: [SEED_IRN_ANSWER_FIELDS, NIC_IRN_ANSWER_FIELDS],
  /** The table's access token lifetime, when the token answer has no expires_in. */
  tokenLifetimeSeconds: 3600,
} as const;

export interface CatalogBProfile {
  url(baseUrl: string, operation: CatalogBOperationName): string;
  tokenUrl(baseUrl: string): string;
  docLookupParams: { docType: string; docNo: string; docDate: string };
  gstinHeader: string;
  answerFields: readonly IrnAnswerFields[];
}

export function catalogBProfile(settings: CatalogBSettings = {}): CatalogBProfile {
  const prefix = settings.apiPrefix ?? CATALOG_B_DEFAULTS.apiPrefix;
  return {
    url: (baseUrl, operation) =>
      `${trim(baseUrl)}${prefix}${settings.paths?.[operation] ?? CATALOG_B_OPERATIONS[operation].path}`,
    tokenUrl: (baseUrl) => `${trim(baseUrl)}${settings.tokenPath ?? CATALOG_B_DEFAULTS.tokenPath}`,
    docLookupParams: settings.docLookupParams ?? CATALOG_B_DEFAULTS.docLookupParams,
    gstinHeader: settings.gstinHeader ?? CATALOG_B_DEFAULTS.gstinHeader,
    answerFields: settings.answerFields ?? CATALOG_B_DEFAULTS.answerFields,
  };
}

/** The IRP's "try after some time" codes: nothing registered, send again later. */
export const CATALOG_B_TRANSIENT_CODES: ReadonlySet<string> = new Set(['2146', '2147', '5002']);
export const CATALOG_B_AUTH_CODES: ReadonlySet<string> = new Set(['1005']);

export interface CatalogBBody {
  success?: unknown;
  status?: unknown;
  data?: unknown;
  errors?: unknown;
  ErrorDetails?: unknown;
  error?: unknown;
  error_description?: unknown;
  message?: unknown;
  info?: unknown;
  InfoDtls?: unknown;
}

/**
 * The IRP errors an answer carries, whatever its status: `errors: [{code, message}]`, NIC's
 * `ErrorDetails: [{ErrorCode, ErrorMessage}]`, a single `error` object, or a message "2150 : Duplicate IRN".
 */
export function catalogBErrors(body: unknown): IrpErrorEntry[] {
  if (typeof body !== 'object' || body === null) return [];
  const answer = body as CatalogBBody;
  const list = Array.isArray(answer.errors)
    ? answer.errors
    : Array.isArray(answer.ErrorDetails)
      ? answer.ErrorDetails
      : typeof answer.error === 'object' && answer.error !== null
        ? [answer.error]
        : [];
  const entries = (list as Record<string, unknown>[]).map((item) => ({
    code: wireText(item.code ?? item.ErrorCode ?? item.error_code),
    message: wireText(item.message ?? item.ErrorMessage ?? item.error_message),
  }));
  if (entries.length > 0) return entries;
  const coded = typeof answer.message === 'string' ? /^\s*(\d{4})\s*:\s*(.+)$/.exec(answer.message) : null;
  return coded ? [{ code: coded[1], message: coded[2].trim() }] : [];
}

/** A 2xx answer that says it failed: success false, status 0/"failure", or errors present. */
export function isCatalogBFailure(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const answer = body as CatalogBBody;
  if (answer.success === false || answer.success === 'false') return true;
  if (
    answer.status === 0 ||
    answer.status === '0' ||
    (typeof answer.status === 'string' && /^fail/i.test(answer.status))
  )
    return true;
  return catalogBErrors(body).length > 0 && answer.data == null;
}

/** Text of a 4xx that carries no IRP errors, for the rejection's message. */
export function catalogBPlainMessage(body: unknown, status: number): string {
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 300);
  const answer = (typeof body === 'object' && body !== null ? body : {}) as CatalogBBody;
  const text = [answer.message, answer.error_description, answer.error].find(
    (value) => typeof value === 'string' && value.trim() !== '',
  );
  return typeof text === 'string' ? text : `HTTP ${status}`;
}

function trim(url: string): string {
  return url.replace(/\/+$/, '');
}
