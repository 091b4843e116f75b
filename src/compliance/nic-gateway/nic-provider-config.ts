/** How to reach one IRP access path; chosen per connector instance. Secrets here are never logged. */
import type { ClientRateLimit } from '../http/client-rate-limiter';
import type { HttpPolicy } from '../http/compliance-http-client';
import type { GatewayDeps } from '../http/gateway-transport';
import type { CatalogBSettings } from './catalog-b-profile';

export interface EinvoiceProviderConfig {
  /** `nic-gsp-catalog-a` (default): GSP gateway (/einvoice/type/...); `nic-api-catalog-b`: REST /api/v1. */
  provider?: string;
  /** Older name of the provider: A is `nic-gsp-catalog-a`, B `nic-api-catalog-b`. */
  catalog?: 'A' | 'B';
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** IRP API user (catalog A). */
  username?: string;
  password?: string;
  /** The GSTIN acting (seller). */
  gstin: string;
  /**
   * Account e-mail: catalog A's GSP expects it on every call; catalog B sends it as the `email` header,
   * which seed 001 says every call must carry (the e-mail registered with the service account).
   */
  email?: string;
  ipAddress?: string;
  /**
   * IRP public key (PEM): SignedInvoice and SignedQRCode are verified with it. Without one nothing is
   * verified, which is logged when the provider is built and flagged on every registration.
   */
  publicKeyPem?: string;
  http?: Partial<HttpPolicy>;
  /**
   * The provider's request allowance per client id (GSP contracts differ: NIC sandbox 60/min, production
   * plans far more). Default 60 per minute; `{ limit: 0 }` disables client-side pacing.
   */
  rateLimit?: ClientRateLimit;
  /** Catalog B: what its table does not show (token path, query names, GSTIN header). */
  catalogB?: CatalogBSettings;
  /** Renew tokens this long before they expire; default 5 minutes. */
  tokenRefreshAheadMs?: number;
}

/**
 * Shared machinery, injected so every client of a process shares one token store, rate limiter and
 * circuit breaker (the process-wide one by default): a gateway session's, and a warning sink.
 */
export interface EinvoiceProviderDeps extends GatewayDeps {
  /** Where configuration warnings go (e.g. no IRP public key); default: console.warn. */
  warn?: (message: string) => void;
}
