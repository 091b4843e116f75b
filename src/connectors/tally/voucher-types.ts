import type { DocumentType } from '../../domain/canonical-invoice';

/** The Tally voucher types pulled as sales, credit notes and debit notes (names as configured). */
export interface SalesVoucherTypes {
  sales: readonly string[];
  creditNotes: readonly string[];
  debitNotes: readonly string[];
}

export function documentTypeOf(types: SalesVoucherTypes, voucherType: string): DocumentType | undefined {
  const has = (names: readonly string[]): boolean =>
    names.some((name) => name.toLowerCase() === voucherType.toLowerCase());
  if (has(types.sales)) return 'INV';
  if (has(types.creditNotes)) return 'CRN';
  if (has(types.debitNotes)) return 'DBN';
  return undefined;
}
