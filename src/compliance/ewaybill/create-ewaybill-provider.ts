import type { EinvoiceProviderDeps } from '../einvoice/einvoice-config';
import { CatalogAEwaybillClient } from './catalog-a-ewaybill-client';
import { CatalogBEwaybillClient } from './catalog-b-ewaybill-client';
import type { EwaybillProviderConfig } from './ewaybill-config';
import type { EwaybillProvider } from './ewaybill-types';

/** The e-way bill provider named by config: catalog A (GSP gateway) or catalog B (REST). */
export function createEwaybillProvider(
  config: EwaybillProviderConfig,
  deps: EinvoiceProviderDeps = {},
): EwaybillProvider {
  return config.catalog === 'A'
    ? new CatalogAEwaybillClient(config, deps)
    : new CatalogBEwaybillClient(config, deps);
}
