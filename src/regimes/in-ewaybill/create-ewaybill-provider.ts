import type { EinvoiceProviderDeps } from '../../compliance';
import { NIC_PROVIDERS, ProviderRegistry, nicCatalogAlias } from '../../compliance';
import { CatalogAEwaybillClient } from './catalog-a-ewaybill-client';
import { CatalogBEwaybillClient } from './catalog-b-ewaybill-client';
import type { EwaybillProviderConfig } from './ewaybill-config';
import type { EwaybillProvider } from './ewaybill-types';

/**
 * The e-way bill access paths an instance may name with `provider:` (default: the GSP gateway, catalog
 * A); `catalog: 'A' | 'B'` still chooses them.
 */
export const EWAYBILL_PROVIDERS = new ProviderRegistry<
  EwaybillProviderConfig,
  EinvoiceProviderDeps,
  EwaybillProvider
>(
  'in-ewaybill',
  {
    [NIC_PROVIDERS.gspCatalogA]: (config, deps) => new CatalogAEwaybillClient(config, deps),
    [NIC_PROVIDERS.apiCatalogB]: (config, deps) => new CatalogBEwaybillClient(config, deps),
  },
  NIC_PROVIDERS.gspCatalogA,
  nicCatalogAlias,
);

/** The e-way bill provider the config names (`provider:`, or the older `catalog:`). */
export function createEwaybillProvider(
  config: EwaybillProviderConfig,
  deps: EinvoiceProviderDeps = {},
): EwaybillProvider {
  return EWAYBILL_PROVIDERS.create({ ...config }, config, deps);
}
