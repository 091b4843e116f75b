/**
 * A registered invoice laid out for printing, whatever its regime: each regime's reader fills it from what
 * was registered, and the HTML and PDF renderers draw it the same way. Every text is final (amounts already
 * formatted); a label may carry its Arabic form, which KSA invoices print beside the English.
 */
export interface PrintLabel {
  en: string;
  ar?: string;
}

export interface PrintFact {
  label: PrintLabel;
  value: string;
}

export interface PrintParty {
  role: PrintLabel;
  name: string;
  facts: PrintFact[];
  address: string[];
}

export interface PrintColumn {
  label: PrintLabel;
  /** Numbers are right-aligned. */
  numeric: boolean;
  /** Share of the table's width, relative to the other columns. */
  weight: number;
}

export interface PrintableInvoice {
  title: PrintLabel;
  /** Shown across the top when the registration no longer stands (a cancelled IRN). */
  banner?: string;
  /** The registration: IRN, Ack No and Ack Date; or UUID and ICV. */
  registration: PrintFact[];
  document: PrintFact[];
  parties: PrintParty[];
  columns: PrintColumn[];
  lines: string[][];
  totals: PrintFact[];
  /** The authority's QR payload, printed as a QR code. */
  qr: { payload: string; caption: PrintLabel };
}

/** The fact, or nothing when the value is missing: a printed invoice leaves out what it does not have. */
export function fact(en: string, value: string | number | null | undefined, ar?: string): PrintFact[] {
  if (value === undefined || value === null || value === '') return [];
  return [{ label: { en, ar }, value: String(value) }];
}
