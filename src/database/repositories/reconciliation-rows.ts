/** The rows of a reconciliation as stored: a purchase and a GSTR-2B document, written and read back. */
import type { FieldError } from '../../domain';

export interface PurchaseRow {
  erpId: string;
  supplierGstin: string | null;
  supplierName: string | null;
  billNumber: string | null;
  billDate: string | null;
  documentType: string | null;
  taxableValue: string | null;
  igst: string | null;
  cgst: string | null;
  sgst: string | null;
  cess: string | null;
  total: string | null;
  placeOfSupply: string | null;
  reverseCharge: boolean | null;
  portCode: string | null;
  fieldErrors: FieldError[] | null;
}

export interface Gstr2bRow {
  docKey: string;
  section: string;
  kind: string;
  supplierGstin: string | null;
  supplierName: string | null;
  number: string;
  date: string;
  taxableValue: string;
  igst: string;
  cgst: string;
  sgst: string;
  cess: string;
  itcAvailability: string;
  itcUnavailableReason: string | null;
  reverseCharge: boolean;
  sourceType: string | null;
  irn: string | null;
  /** The two fields of the detail the matching compares, kept as columns (read without parsing the detail). */
  placeOfSupply: string | null;
  portCode: string | null;
  detail: Record<string, unknown>;
}

export interface StoredPurchase extends PurchaseRow {
  id: string;
}

export interface StoredGstr2b extends Omit<Gstr2bRow, 'detail'> {
  id: string;
  /** The period whose amendment superseded this document, if one did. */
  amendedIn: string | null;
}
