/**
 * One supplier document as GSTR-2B reports it, whatever section it came from: amounts as decimal
 * strings (2 places), dates as ISO dates, the section's codes kept as GSTN writes them.
 */
import type { DecimalString, IsoDate } from '../../../domain';

export const GSTR2B_SECTIONS = [
  'b2b',
  'b2ba',
  'cdnr',
  'cdnra',
  'isd',
  'isda',
  'impg',
  'impgsez',
  'ecom',
  'ecoma',
] as const;
export type Gstr2bSection = (typeof GSTR2B_SECTIONS)[number];

/** INV invoice, CRN/DBN credit/debit note, ISDI/ISDC input service distributor invoice/credit, BOE bill of entry. */
export type Gstr2bDocumentKind = 'INV' | 'CRN' | 'DBN' | 'ISDI' | 'ISDC' | 'BOE';

export interface Gstr2bTaxLine {
  rate: DecimalString;
  taxableValue: DecimalString;
  igst: DecimalString;
  cgst: DecimalString;
  sgst: DecimalString;
  cess: DecimalString;
}

export interface Gstr2bOriginal {
  number: string;
  date?: IsoDate;
  /** The original note's type (C/D) or ISD document type, for amended notes and ISD documents. */
  kind?: string;
}

export interface Gstr2bDocument {
  section: Gstr2bSection;
  kind: Gstr2bDocumentKind;
  /** Supplier (or ISD, or SEZ unit) GSTIN; null for imports of goods from abroad (impg). */
  supplierGstin: string | null;
  supplierName?: string;
  number: string;
  date: IsoDate;
  /** GSTN's invoice/note supply type: R, DE, SEWP, SEWOP, CBW. */
  supplyType?: string;
  documentValue?: DecimalString;
  placeOfSupply?: string;
  reverseCharge: boolean;
  /** Y available, N not available, T temporarily unavailable (ISD: itcelg Y/N). */
  itcAvailability: 'Y' | 'N' | 'T';
  /** Why not available: P (place of supply), C (filed after the time limit), as GSTN codes it. */
  itcUnavailableReason?: string;
  differentialPercent?: DecimalString;
  taxableValue: DecimalString;
  igst: DecimalString;
  cgst: DecimalString;
  sgst: DecimalString;
  cess: DecimalString;
  /** Period (MMYYYY) and date of the supplier's return that reported the document. */
  supplierPeriod?: string;
  supplierFilingDate?: IsoDate;
  /** e-Invoice when the supplier's IRP reported it. */
  sourceType?: string;
  irn?: string;
  irnDate?: IsoDate;
  imsStatus?: string;
  portCode?: string;
  /** Bill of entry amended at customs (isamd). */
  amendedAtCustoms?: boolean;
  /** Amendments (b2ba, cdnra, isda, ecoma): the document they amend. ISD: the original invoice referred to. */
  original?: Gstr2bOriginal;
  lines: Gstr2bTaxLine[];
  /** JSON path of the entry in the return, for messages. */
  path: string;
}

export interface Gstr2bReturn {
  /** The recipient's GSTIN. */
  gstin: string;
  /** MMYYYY. */
  period: string;
  version?: string;
  generatedOn?: IsoDate;
  checksum?: string;
  /** After amendments replaced their originals. */
  documents: Gstr2bDocument[];
  /** Originals an amendment replaced, kept so an operator can see what changed. */
  replaced: Gstr2bDocument[];
}
