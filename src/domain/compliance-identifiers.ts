/** Identifiers a compliance regime returns for a document, kept on its submission and written back. */
export interface ComplianceIdentifiers {
  irn?: string;
  ackNo?: string;
  ackDate?: string;
  signedInvoice?: string;
  signedQrCode?: string;
  /** Path of a rendered QR PNG, when the connector keeps files. */
  qrPngPath?: string;
  ewbNo?: string;
  ewbDate?: string;
  ewbValidUpto?: string;
  zatcaUuid?: string;
  zatcaHash?: string;
  zatcaIcv?: number;
  zatcaStatus?: string;
  zatcaQr?: string;
  zatcaClearedXml?: string;
}
