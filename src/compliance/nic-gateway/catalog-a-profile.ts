/**
 * Catalog A (a WhiteBooks/MasterGST-style GSP gateway) as its operation table publishes it, with what the
 * table leaves out taken from the GSP family's captured envelopes (reference
 * `india/irp_ewb_api_envelopes_and_samples.json`): credentials and the auth token in headers, the
 * account's `email` in the query, envelope {status_cd, status_desc, data, info}, errors as a JSON string
 * of [{ErrorCode, ErrorMessage}] in status_desc. Paths, the error map and the token rules live here; the
 * client only sends.
 */
import type { Method } from 'axios';
import type { IrpErrorEntry } from './irp-rejection';

export interface CatalogAOperation {
  method: Method;
  /** Relative to the configured base URL. */
  path: string;
}

/** Every e-invoice operation of catalog A's published table, and nothing else. */
export const CATALOG_A_OPERATIONS = {
  authenticate: { method: 'GET', path: '/einvoice/authenticate' },
  GSTNDETAILS: { method: 'GET', path: '/einvoice/type/GSTNDETAILS/version/V1_03' },
  SYNC_GSTIN_FROMCP: { method: 'GET', path: '/einvoice/type/SYNC_GSTIN_FROMCP/version/V1_03' },
  GETIRN: { method: 'GET', path: '/einvoice/type/GETIRN/version/V1_03' },
  GETIRNBYDOCDETAILS: { method: 'GET', path: '/einvoice/type/GETIRNBYDOCDETAILS/version/V1_03' },
  GETREJECTEDIRNS: { method: 'GET', path: '/einvoice/type/GETREJECTEDIRNS/version/V1_03' },
  CANCEL: { method: 'POST', path: '/einvoice/type/CANCEL/version/V1_03' },
  GENERATE_EWAYBILL: { method: 'POST', path: '/einvoice/type/GENERATE_EWAYBILL/version/V1_03' },
  GETEWAYBILLIRN: { method: 'GET', path: '/einvoice/type/GETEWAYBILLIRN/version/V1_03' },
  GENERATE: { method: 'POST', path: '/einvoice/type/GENERATE/version/V1_03' },
  qrcode: { method: 'GET', path: '/einvoice/qrcode' },
} as const satisfies Record<string, CatalogAOperation>;

export type CatalogAOperationName = keyof typeof CATALOG_A_OPERATIONS;

/** The table's "Access token lifetime: 1 hour", used when the GSP's TokenExpiry is absent or unreadable. */
export const DEFAULT_TOKEN_LIFETIME_MS = 60 * 60_000;

/**
 * How the provider's own codes are read: renew the token, try again later (the authority said it did
 * nothing), the gateway could not get the authority's answer (it may have acted: a change is looked up
 * before it is sent again), or a refusal.
 */
export type CatalogAErrorKind = 'auth' | 'transient' | 'gateway-outage' | 'rejected';

/** IRP/GSP codes that mean the auth token is not (or no longer) accepted. */
export const CATALOG_A_AUTH_CODES: ReadonlySet<string> = new Set(['1005']);
/** Texts by which a GSP says the token expired without a code. */
const AUTH_TEXT = /invalid\s*(auth)?\s*token|token\s*(has\s*)?expired|auth[- ]?token.*(invalid|expired)/i;

/**
 * The IRP's "try after some time" codes (2146 unable to create IRN, 2147 unable to sign) and 5002
 * (application error at the IRP): nothing was registered and the same request may be sent again.
 */
export const CATALOG_A_TRANSIENT_CODES: ReadonlySet<string> = new Set(['2146', '2147', '5002']);
/**
 * GSP outage markers (GSPGSTDOWN, GSPERR...) and network texts the GSP relays from the IRP: the gateway
 * speaks for the authority, which may have received the request and acted on it.
 */
const GATEWAY_OUTAGE_CODE = /^(GSPGSTDOWN|GSPERR\w*)$/i;
const GATEWAY_OUTAGE_TEXT =
  /GSPGSTDOWN|GSPERR\d+|Connection reset|No route to host|HTTP 50[234]|Gateway Time-?out/i;

export function classifyCatalogAErrors(errors: IrpErrorEntry[], rawDesc: unknown): CatalogAErrorKind {
  const text = typeof rawDesc === 'string' ? rawDesc : '';
  if (errors.some((error) => CATALOG_A_AUTH_CODES.has(error.code)) || AUTH_TEXT.test(text)) return 'auth';
  if (errors.some((error) => CATALOG_A_TRANSIENT_CODES.has(error.code))) return 'transient';
  if (errors.some((error) => GATEWAY_OUTAGE_CODE.test(error.code)) || GATEWAY_OUTAGE_TEXT.test(text)) {
    return 'gateway-outage';
  }
  return 'rejected';
}

/**
 * TokenExpiry as epoch ms: "yyyy-MM-dd HH:mm:ss" (IST, as NIC states it), "dd/MM/yyyy HH:mm:ss" (IST),
 * or an ISO date with its zone. Absent, unreadable or already past: the documented 1 hour from now.
 */
export function catalogATokenExpiry(text: unknown, now: number): number {
  const parsed = readExpiry(text);
  return parsed !== undefined && parsed > now ? parsed : now + DEFAULT_TOKEN_LIFETIME_MS;
}

const IST_OFFSET_MS = 330 * 60_000;

function readExpiry(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const value = text.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (match) {
    const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0));
    return Date.UTC(y, mo - 1, d, h, mi, s) - IST_OFFSET_MS;
  }
  match = /^(\d{2})\/(\d{2})\/(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\s*([AP]M))?$/i.exec(value);
  if (match) {
    const [d, mo, y, h, mi, s] = match.slice(1, 7).map((part) => Number(part ?? 0));
    const meridiem = match[7]?.toUpperCase();
    const hour = meridiem === 'PM' && h < 12 ? h + 12 : meridiem === 'AM' && h === 12 ? 0 : h;
    return Date.UTC(y, mo - 1, d, hour, mi, s) - IST_OFFSET_MS;
  }
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}
