/** The ZATCA cryptography others import: invoice hash, signing (and verification), QR, certificate facts. */
export {
  computeInvoiceHash,
  canonicalInvoiceForHash,
  InvoiceXmlError,
  type InvoiceHash,
} from './invoice-hash';
export {
  signInvoice,
  createInvoiceSigner,
  InvoiceSigningError,
  UBL_NAMESPACES,
  type SigningCredentials,
  type SignedInvoice,
  type InvoiceSigner,
} from './signer';
export {
  encodeQrTlv,
  decodeQrTlv,
  describeQr,
  QrFormatError,
  ZATCA_QR_MAX_BASE64_LENGTH,
  type ZatcaQrFields,
} from './qr';
export {
  parseSigningCertificate,
  base64OfHexSha256,
  CertificateFormatError,
  type SigningCertificate,
} from './certificate';
/** PIH of an EGS unit's first invoice: base64 of the hex SHA-256 of "0" (XML implementation standard). */
export const ZATCA_INITIAL_PIH =
  'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';
