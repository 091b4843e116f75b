export { CatalogAEwaybillClient, EWAYBILL_CATALOG_A_OPERATIONS } from './catalog-a-ewaybill-client';
export { CatalogBEwaybillClient } from './catalog-b-ewaybill-client';
export { CATALOG_B_EWAYBILL_DEFAULTS, EWAYBILL_CATALOG_B_OPERATIONS } from './catalog-b-ewaybill-profile';
export type { CatalogBEwaybillSettings } from './catalog-b-ewaybill-profile';
export { createEwaybillProvider, ewaybillProvidersFromSettings } from './create-ewaybill-provider';
export type { EwaybillProviderConfig } from './ewaybill-config';
export type * from './ewaybill-types';
export { EwaybillRegime, EWAYBILL_BULK_LIMIT } from './ewaybill.regime';
export type { EwaybillRegimeDependencies } from './ewaybill.regime';
export { EWAYBILL_DESCRIPTOR } from './ewaybill.descriptor';
export { createEwaybillRegime, ewaybillConfig } from './create-ewaybill-regime';
export type { EwaybillPayload } from './ewaybill-payload';
export { EWAYBILL_RETRY_DELAYS_MS } from './ewaybill-retry';
export {
  EWAYBILL_CANCEL_POLICY,
  EWAYBILL_EXPIRY_CHECK,
  EWAYBILL_OPERATIONS,
  expiringBills,
  extendExpiringBills,
} from './operations';
export type { AutoExtension, ExpiringBill } from './operations';
export { EwaybillSettings } from './ewaybill-settings';
