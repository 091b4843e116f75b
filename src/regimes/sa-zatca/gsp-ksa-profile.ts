/**
 * The KSA GSP as its table publishes it, relative to `{base_url}/ksa-einvoice`: POST /generate-csr,
 * POST /onboard, POST /api/v1/clearance (headers Authorization bearer, Content-Type JSON, X-CSID),
 * POST /reporting, GET /status. Every operation needs an OAuth2 bearer token (client id/secret, 1 h).
 * Not shown, so configurable with the defaults below: the token endpoint, the status lookup's parameter,
 * payloads other than clearance, response field names. The onboarding steps Fatoora has and the table
 * does not (compliance invoice checks, production CSID, renewal) are sent only where a deployment names
 * the GSP's path for them.
 */
import type { Method } from 'axios';

export type GspKsaOperationName = 'generate-csr' | 'onboard' | 'clearance' | 'reporting' | 'status';
export type GspKsaExtraOperation = 'compliance-check' | 'production-csid' | 'renew-csid';

export const GSP_KSA_OPERATIONS: Record<GspKsaOperationName, { method: Method; path: string }> = {
  'generate-csr': { method: 'POST', path: '/generate-csr' },
  onboard: { method: 'POST', path: '/onboard' },
  clearance: { method: 'POST', path: '/api/v1/clearance' },
  reporting: { method: 'POST', path: '/reporting' },
  status: { method: 'GET', path: '/status' },
};

const EXTRA_METHODS: Record<GspKsaExtraOperation, Method> = {
  'compliance-check': 'POST',
  'production-csid': 'POST',
  'renew-csid': 'PATCH',
};

export interface GspKsaSettings {
  /** Published: `/ksa-einvoice`. */
  apiPrefix?: string;
  /** OAuth2 token endpoint under the base URL; assumed `/oauth/token`. */
  tokenPath?: string;
  /** Query parameter of GET /status naming the invoice; assumed `uuid`. */
  statusParam?: string;
  /** Overrides of the published paths (relative to base URL + apiPrefix). */
  paths?: Partial<Record<GspKsaOperationName, string>>;
  /** Paths of operations the table does not list; without one the operation is not offered. */
  extraPaths?: Partial<Record<GspKsaExtraOperation, string>>;
}

export const GSP_KSA_DEFAULTS = {
  apiPrefix: '/ksa-einvoice',
  tokenPath: '/oauth/token',
  statusParam: 'uuid',
  /** "SAR is the default" (the clearance table). */
  currency: 'SAR',
} as const;

export interface GspKsaRoute {
  method: Method;
  url: string;
}

export class GspKsaProfile {
  constructor(
    private readonly baseUrl: string,
    private readonly settings: GspKsaSettings = {},
  ) {}

  route(operation: GspKsaOperationName): GspKsaRoute {
    const path = this.settings.paths?.[operation] ?? GSP_KSA_OPERATIONS[operation].path;
    return { method: GSP_KSA_OPERATIONS[operation].method, url: this.url(path) };
  }

  /** Undefined when the deployment named no path for an operation the table does not list. */
  extraRoute(operation: GspKsaExtraOperation): GspKsaRoute | undefined {
    const path = this.settings.extraPaths?.[operation];
    return path ? { method: EXTRA_METHODS[operation], url: this.url(path) } : undefined;
  }

  get tokenUrl(): string {
    return `${trim(this.baseUrl)}${this.settings.tokenPath ?? GSP_KSA_DEFAULTS.tokenPath}`;
  }

  get statusParam(): string {
    return this.settings.statusParam ?? GSP_KSA_DEFAULTS.statusParam;
  }

  private url(path: string): string {
    return `${trim(this.baseUrl)}${this.settings.apiPrefix ?? GSP_KSA_DEFAULTS.apiPrefix}${path}`;
  }
}

/** The clearance/reporting body the table lists: invoiceXml, invoiceHash, uuid, invoiceType, currency. */
export interface GspKsaInvoiceBody {
  invoiceXml: string;
  invoiceHash: string;
  uuid: string;
  invoiceType: string;
  currency: string;
}

/**
 * The body for a signed invoice: the invoice type code (cbc:InvoiceTypeCode, e.g. 388, with its
 * subtype name such as 0100000 in `name`) and currency (cbc:DocumentCurrencyCode) read from the XML.
 */
export function gspKsaInvoiceBody(submission: {
  invoice: string;
  invoiceHash: string;
  uuid: string;
}): GspKsaInvoiceBody {
  const xml = Buffer.from(submission.invoice, 'base64').toString('utf8');
  const typeCode = /<cbc:InvoiceTypeCode\b[^>]*>\s*([^<\s]+)\s*</.exec(xml)?.[1] ?? '';
  const currency =
    /<cbc:DocumentCurrencyCode\b[^>]*>\s*([A-Z]{3})\s*</.exec(xml)?.[1] ?? GSP_KSA_DEFAULTS.currency;
  return {
    invoiceXml: submission.invoice,
    invoiceHash: submission.invoiceHash,
    uuid: submission.uuid,
    invoiceType: typeCode,
    currency,
  };
}

function trim(url: string): string {
  return url.replace(/\/+$/, '');
}
