import type { EinvoiceProviderDeps } from '../../compliance';
import { NIC_PROVIDERS, ProviderRegistry, nicCatalogAlias, type NicProviderChoice } from '../../compliance';
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
  EwaybillProvider,
  NicProviderChoice
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

/**
 * E-way bill providers built from an e-invoice instance's `settings.ewaybill` (an EwaybillProviderConfig),
 * one per settings object: the IRN regime cancels with it the bill that blocks an IRN cancel (2230).
 */
export function ewaybillProvidersFromSettings(): (settings: {
  ewaybill?: Record<string, unknown>;
}) => EwaybillProvider | undefined {
  const built = new WeakMap<object, EwaybillProvider>();
  return (settings) => {
    const config = settings.ewaybill;
    if (typeof config !== 'object' || config === null) return undefined;
    let provider = built.get(config);
    if (!provider) {
      // Not validated beyond being an object (EinvoiceSettings.ewaybill): the config as the operator wrote it.
      provider = createEwaybillProvider(config as unknown as EwaybillProviderConfig);
      built.set(config, provider);
    }
    return provider;
  };
}
