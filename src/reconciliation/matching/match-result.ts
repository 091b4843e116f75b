/** What the engine says about each document: its category, its counterpart, and why. */
export const MATCH_CATEGORIES = [
  'exact',
  'suggested',
  'mismatch',
  'pan',
  'missing-in-2b',
  'missing-in-books',
  'duplicate-in-books',
  'duplicate-in-2b',
  /** A bill of this period's books paired with a later period's 2B (a supplier who filed late). */
  'in-other-period',
  /** A 2B document an amendment in a later period's 2B superseded; the amendment takes over its match. */
  'amended',
] as const;
export type MatchCategory = (typeof MATCH_CATEGORIES)[number];

/** The rule that put a pair in its category. */
export type MatchRule =
  | 'exact'
  | 'normalised-number'
  | 'fuzzy-number'
  | 'same-invoice-different-values'
  | 'same-pan-different-gstin'
  | 'amount-only'
  | 'unmatched'
  | 'duplicate'
  | 'manual-link'
  | 'unlinked'
  | 'paired-in-other-period'
  | 'amended-in-later-period'
  | 'amendment-of-decided-pair';

export interface FieldDifference {
  /**
   * supplierGstin, number, date, documentType, reverseCharge, placeOfSupply, taxableValue, igst, cgst, sgst
   * or cess.
   */
  field: string;
  books: string;
  gstr2b: string;
  /** Differs, but by no more than the amount tolerance (a rounding difference). */
  withinTolerance?: boolean;
}

export interface MatchResult {
  category: MatchCategory;
  rule: MatchRule;
  bookId?: string;
  gstr2bId?: string;
  supplierGstin: string;
  differences: FieldDifference[];
  /** Sentences saying why the pair was put here (or why nothing was found). */
  explanation: string[];
  /**
   * Input tax credit (all heads, rupees) that depends on the operator: the credit in the books with no
   * 2B counterpart, the credit 2B offers that the books lack, the tax difference of a mismatch, the
   * credit of a pair awaiting confirmation (suggested, PAN-level); nothing for an exact match.
   */
  itcAtStake: string;
  /** in-other-period / amended: the period where the bill was paired or the document amended. */
  otherPeriod?: string;
}
