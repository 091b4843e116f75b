/**
 * The seams between the ZATCA regime and the pure pieces it drives: the UBL builder (mappers/ksa-ubl)
 * and the signer, plus the invoice UUID rule.
 */
import { createHash } from 'node:crypto';
import type { CanonicalInvoice, Outcome } from '../../domain';
import type { SignedInvoice, SigningCredentials } from './signer';

export interface ZatcaChainFields {
  icv: number;
  pih: string;
  uuid: string;
}

/** `buildZatcaInvoiceXml` of mappers/ksa-ubl: unsigned UBL with ICV, PIH and UUID filled in. */
export type ZatcaXmlBuilder = (invoice: CanonicalInvoice, chain: ZatcaChainFields) => Outcome<string>;

/** `signInvoice` of signer.ts. */
export type ZatcaXmlSigner = (unsignedXml: string, credentials: SigningCredentials) => SignedInvoice;

/**
 * The invoice UUID (KSA-1), derived from the document's identity so that mapping the same ERP document
 * again gives the same UUID (one ZATCA submission per document). Shaped as an RFC 4122 name-based UUID.
 */
export function zatcaInvoiceUuid(
  invoice: Pick<CanonicalInvoice, 'seller' | 'documentType' | 'documentNumber' | 'documentDate'>,
): string {
  return nameBasedUuid(
    [
      invoice.seller.vatNumber ?? invoice.seller.legalName,
      invoice.documentType,
      invoice.documentNumber.trim().toUpperCase(),
      invoice.documentDate,
    ].join('|'),
  );
}

/**
 * The UUID of the n-th re-issue (n >= 1) of an invoice ZATCA rejected: ZATCA wants a new UUID for the
 * corrected invoice, and deriving it keeps it the same should the re-issue be signed again after a crash.
 */
export function zatcaReissueUuid(invoiceUuid: string, generation: number): string {
  return nameBasedUuid(`${invoiceUuid}|re-issue|${generation}`);
}

function nameBasedUuid(name: string): string {
  const bytes = createHash('sha256').update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
