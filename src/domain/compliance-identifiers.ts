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
  /**
   * A regime's own identifiers of kinds the fields above do not name, by the keys its descriptor declares
   * (RegimeDescriptor.identifierFields): kept on the submission, shown by the console and written back.
   */
  extra?: Readonly<Record<string, string>>;
}

/** The identifier columns of a submission (indexed and shown without reading the JSON identifiers). */
export interface SubmissionIdentifierColumns {
  irn?: string | null;
  ackNo?: string | null;
  ackDate?: string | null;
  signedQr?: string | null;
  ewbNo?: string | null;
  validUpto?: string | null;
  zatcaUuid?: string | null;
  zatcaHash?: string | null;
  zatcaIcv?: number | null;
  zatcaStatus?: string | null;
}
