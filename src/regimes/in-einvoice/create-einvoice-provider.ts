import { NIC_PROVIDERS, ProviderRegistry, nicCatalogAlias, type NicProviderChoice } from '../../compliance';
import { ApiV1EinvoiceClient } from './api-v1-einvoice-client';
import type { EinvoiceProviderConfig, EinvoiceProviderDeps } from '../../compliance';
import { GspEinvoiceClient } from './gsp-einvoice-client';
import type { EinvoiceProvider } from './provider';

/**
 * The IRP access paths an instance may name with `provider:` (default: the GSP gateway, catalog A);
 * `catalog: 'A' | 'B'` still chooses them.
 */
export const EINVOICE_PROVIDERS = new ProviderRegistry<
  EinvoiceProviderConfig,
  EinvoiceProviderDeps,
  EinvoiceProvider,
  NicProviderChoice
>(
  'in-einvoice',
  {
    [NIC_PROVIDERS.gspCatalogA]: (config, deps) => new GspEinvoiceClient(config, deps),
    [NIC_PROVIDERS.apiCatalogB]: (config, deps) => new ApiV1EinvoiceClient(config, deps),
  },
  NIC_PROVIDERS.gspCatalogA,
  nicCatalogAlias,
);

/** The provider the config names (`provider:`, or the older `catalog:`). */
export function createEinvoiceProvider(
  config: EinvoiceProviderConfig,
  deps: EinvoiceProviderDeps = {},
): EinvoiceProvider {
  return EINVOICE_PROVIDERS.create({ ...config }, config, deps);
}
