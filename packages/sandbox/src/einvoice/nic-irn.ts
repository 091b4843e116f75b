/**
 * The IRP's own IRN computation, kept inside the sandbox on purpose: the simulated authority must not
 * share code with the client it checks. IRN = hex SHA-256 of SellerGstin + FY ("YYYY-YY", April start)
 * + DocTyp + DocNo, no separators, DocNo exactly as sent.
 */
import { hash } from 'node:crypto';
import { parseDayMonthYear } from './ist-time';

export function nicFinancialYear(docDate: string): string {
  const date = parseDayMonthYear(docDate);
  if (!date) throw new Error(`not a dd/mm/yyyy date: ${docDate}`);
  const startYear = date.month >= 4 ? date.year : date.year - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

export function nicIrn(sellerGstin: string, docDate: string, docType: string, docNo: string): string {
  // One-shot: no Hash object per IRN (UTF-8 input, as Hash.update takes a string).
  return hash('sha256', `${sellerGstin}${nicFinancialYear(docDate)}${docType}${docNo}`, 'hex');
}
