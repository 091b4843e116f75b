/** The shapes of the Fatoora API's answers the simulator gives, as ZATCA's API documentation shows them. */
export interface ValidationMessage {
  type: string;
  code: string;
  category: string;
  message: string;
  status: string;
}

export interface InvoiceResponse {
  validationResults?: {
    infoMessages: ValidationMessage[];
    warningMessages: ValidationMessage[];
    errorMessages: ValidationMessage[];
    /** PASS, WARNING or ERROR. */
    status: string;
  };
  /** CLEARED or NOT_CLEARED. */
  clearanceStatus?: string;
  clearedInvoice?: string | null;
  /** REPORTED or NOT_REPORTED. */
  reportingStatus?: string;
  /** Compliance checks answer with these (ZATCA's spelling) for simplified invoices. */
  qrSellertStatus?: string;
  qrBuyertStatus?: string;
}
