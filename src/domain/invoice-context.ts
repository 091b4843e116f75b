import { type Country, type SupplyType } from './canonical-invoice';

/** Document facts the field rules depend on; undefined when that fact was itself invalid. */
export interface InvoiceContext {
  country: Country | undefined;
  supplyType: SupplyType | undefined;
}
