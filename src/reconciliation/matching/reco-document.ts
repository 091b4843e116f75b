/**
 * What the matching engine compares: one document from the books (purchase register) or from GSTR-2B,
 * reduced to the fields the rules read. Amounts are decimal text; signs are ignored (a credit note may
 * be negative in the books and positive in 2B).
 */
export type RecoSide = 'books' | 'gstr2b';

/** INV, CRN and DBN match only their own kind; ISD documents and bills of entry likewise. */
export type RecoDocumentKind = 'INV' | 'CRN' | 'DBN' | 'ISDI' | 'ISDC' | 'BOE';

export interface RecoDocument {
  /** Stable id of the stored row (purchase row id or 2B document id). */
  id: string;
  supplierGstin: string;
  supplierName?: string;
  kind: RecoDocumentKind;
  number: string;
  /** ISO date. */
  date: string;
  taxableValue: string;
  igst: string;
  cgst: string;
  sgst: string;
  cess: string;
  /**
   * Tax payable by the recipient (2B `rev` Y). A booking that does not say is a forward-charge booking:
   * undefined compares as false.
   */
  reverseCharge?: boolean;
  /** State code of the place of supply ("29"); compared only when both sides state it. */
  placeOfSupply?: string;
  /** Bills of entry: the customs port (2B `portcode`); compared when both sides state it. */
  portCode?: string;
}

export const TAX_HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;
export const AMOUNT_FIELDS = ['taxableValue', ...TAX_HEADS] as const;
export type AmountField = (typeof AMOUNT_FIELDS)[number];
