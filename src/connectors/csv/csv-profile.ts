import type { DateFormat } from '../../domain';

/**
 * A CSV column-mapping profile: how one ERP's (or one spreadsheet's) CSV export maps onto CanonicalInvoice
 * (sales) or onto purchase register entries (purchase). Profiles are YAML files in `config/csv-profiles/`.
 */

/** `line-per-row`: one row per line item, rows grouped by document number. `document-per-row`: one row is
 * a whole document with one line. */
export type CsvLayout = 'line-per-row' | 'document-per-row';

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'latin1';

export type ProfileDirection = 'sales' | 'purchase';

/** Amounts the mapper computes with decimal maths when the CSV has no column (or an empty cell) for them. */
export interface DeriveOptions {
  /** lines[].grossAmount = quantity × unitPrice. */
  grossAmount: boolean;
  /** lines[].taxableValue = grossAmount − discount. */
  taxableValue: boolean;
  /** IGST, or CGST and SGST halves, from taxableValue × taxRate (inter/intra-state from the state codes). */
  taxSplit: boolean;
  /** lines[].totalAmount = taxable value + taxes + cess + other charges. */
  lineTotal: boolean;
  /** totals.* as sums of the lines. */
  totals: boolean;
  /** Seller and buyer address state codes from the first two characters of their GSTINs. */
  stateFromGstin: boolean;
}

export interface CsvProfile {
  name: string;
  description?: string;
  direction: ProfileDirection;
  layout: CsvLayout;
  delimiter: string;
  encoding: CsvEncoding;
  /** 1-based row of the header (rows above it are titles and are skipped); 0: no header, columns are
   * then named by spreadsheet letters A, B, C, ... */
  headerRow: number;
  /** Format understood by domain `parseDate`, e.g. `DD-MM-YYYY`. */
  dateFormat: DateFormat;
  decimalSeparator: '.' | ',';
  /** Field path (e.g. `buyer.gstin`, `lines[].hsnCode`) → column name. */
  columns: Record<string, string>;
  /** Field path → fixed value, for fields the CSV has no column for (country, seller details, ...). */
  constants: Record<string, string>;
  /** Field path → value used when the column is absent or the cell is empty. */
  defaults: Record<string, string>;
  /** Field path → (cell text, case-insensitive → value), e.g. "Tax Invoice" → INV. */
  valueMaps: Record<string, Record<string, string>>;
  /** Field paths whose cell must not be empty (after defaults). */
  required: string[];
  derive: DeriveOptions;
}
