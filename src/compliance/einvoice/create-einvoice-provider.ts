import { ApiV1EinvoiceClient } from './api-v1-einvoice-client';
import type { EinvoiceProviderConfig, EinvoiceProviderDeps } from './einvoice-config';
import { GspEinvoiceClient } from './gsp-einvoice-client';
import type { EinvoiceProvider } from './provider';

/** The provider named by config: catalog A (GSP gateway) or catalog B (REST /api/v1). */
export function createEinvoiceProvider(
  config: EinvoiceProviderConfig,
  deps: EinvoiceProviderDeps = {},
): EinvoiceProvider {
  return config.catalog === 'A' ? new GspEinvoiceClient(config, deps) : new ApiV1EinvoiceClient(config, deps);
}
