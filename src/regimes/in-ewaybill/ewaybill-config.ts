/** How to reach one e-way bill access path; chosen per connector instance. Secrets are never logged. */
import type { ClientRateLimit } from '../../compliance/http';
import type { HttpPolicy } from '../../compliance/http';
import type { CatalogBEwaybillSettings } from './catalog-b-ewaybill-profile';

export interface EwaybillProviderConfig {
  /** `nic-gsp-catalog-a` (default): the GSP's /ewaybillapi/v1.03; `nic-api-catalog-b`: REST under /eway. */
  provider?: string;
  /** Older name of the provider: A is `nic-gsp-catalog-a`, B `nic-api-catalog-b`. */
  catalog?: 'A' | 'B';
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** E-way bill API user (catalog A). */
  username?: string;
  password?: string;
  gstin: string;
  /** Account e-mail: catalog A's GSP expects it on every call; catalog B sends it as the `email` header (seed 001). */
  email?: string;
  ipAddress?: string;
  http?: Partial<HttpPolicy>;
  rateLimit?: ClientRateLimit;
  tokenRefreshAheadMs?: number;
  /** Catalog B: what its table does not show. */
  catalogB?: CatalogBEwaybillSettings;
}
