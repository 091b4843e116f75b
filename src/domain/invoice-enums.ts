import {
  type DocumentType,
  type SupplyType,
  type TransportMode,
  type VatCategory,
} from './canonical-invoice';

/** The values each CanonicalInvoice enum accepts, for validators and ERP mappers. */
export const DOCUMENT_TYPES: readonly DocumentType[] = ['INV', 'CRN', 'DBN'];
export const SUPPLY_TYPES: readonly SupplyType[] = [
  'B2B',
  'B2C',
  'SEZWP',
  'SEZWOP',
  'EXPWP',
  'EXPWOP',
  'DEXP',
];
export const VAT_CATEGORIES: readonly VatCategory[] = ['S', 'Z', 'E', 'O'];
export const TRANSPORT_MODES: readonly TransportMode[] = ['ROAD', 'RAIL', 'AIR', 'SHIP'];

/** Supplies whose Indian buyer may have no GSTIN (absent or "URP"). */
export const UNREGISTERED_BUYER_SUPPLIES: readonly SupplyType[] = ['B2C', 'EXPWP', 'EXPWOP'];
export const EXPORT_SUPPLIES: readonly SupplyType[] = ['EXPWP', 'EXPWOP'];
