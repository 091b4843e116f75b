import { type Country, type SupplyType } from './canonical-invoice';

/** Document facts the field rules depend on; undefined when that fact was itself invalid. */
export interface InvoiceContext {
  country: Country | undefined;
  supplyType: SupplyType | undefined;
}

export const COUNTRIES: readonly Country[] = ['IN', 'SA'];
export const SUPPLY_TYPES: readonly SupplyType[] = [
  'B2B',
  'B2C',
  'SEZWP',
  'SEZWOP',
  'EXPWP',
  'EXPWOP',
  'DEXP',
];

/** Supplies whose Indian buyer has no GSTIN (or is "URP"). */
export const UNREGISTERED_BUYER_SUPPLIES: readonly SupplyType[] = ['B2C', 'EXPWP', 'EXPWOP'];
export const EXPORT_SUPPLIES: readonly SupplyType[] = ['EXPWP', 'EXPWOP'];
