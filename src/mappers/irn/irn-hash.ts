import { createHash } from 'node:crypto';
import { type CanonicalInvoice, type DocumentType, financialYear } from '../../domain';

/**
 * The Invoice Reference Number exactly as the IRP derives it: lowercase hex SHA-256 of
 * seller GSTIN + financial year ("2022-23") + document type + document number, concatenated without
 * separators and with the document number's case preserved. Verified against NIC-signed invoices
 * (e.g. 01AMBPG7773M002 + 2022-23 + INV + SINV-CFY-00067 -> 706daecc...9289a2e7).
 */
export function computeIrn(
  sellerGstin: string,
  financialYearLabel: string,
  docType: DocumentType,
  docNo: string,
): string {
  return createHash('sha256')
    .update(`${sellerGstin}${financialYearLabel}${docType}${docNo}`, 'utf8')
    .digest('hex');
}

/** The IRN the IRP will assign to this invoice, known before it is sent (used to detect duplicates). */
export function irnForInvoice(invoice: CanonicalInvoice): string {
  if (!invoice.seller.gstin) throw new TypeError('an IRN needs the seller GSTIN');
  return computeIrn(
    invoice.seller.gstin,
    financialYear(invoice.documentDate),
    invoice.documentType,
    invoice.documentNumber,
  );
}
