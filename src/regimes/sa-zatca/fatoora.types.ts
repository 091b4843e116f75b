/**
 * Wire shapes of ZATCA's Fatoora API (Accept-Version: V2), as the developer portal documents them, plus
 * the provider-neutral results the KSA clients return.
 */

/** A CSID: the certificate ZATCA issued (base64 of the base64 DER certificate) and its API secret. */
export interface CsidCredentials {
  binarySecurityToken: string;
  secret: string;
}

/** Answer of `POST /compliance`, `POST /production/csids` and `PATCH /production/csids`. */
export interface CsidResponse extends CsidCredentials {
  requestID: number | string;
  dispositionMessage?: string;
  tokenType?: string;
  errors?: unknown;
}

export interface CsidGrant extends CsidCredentials {
  requestId: string;
  dispositionMessage?: string;
  /** base64 DER of the X.509 certificate: what goes into ds:X509Certificate when signing. */
  certificateBase64: string;
}

export interface ValidationMessage {
  type: string;
  code: string;
  category: string;
  message: string;
  status: string;
}

export interface ValidationResults {
  infoMessages: ValidationMessage[];
  warningMessages: ValidationMessage[];
  errorMessages: ValidationMessage[];
  /** PASS, WARNING or ERROR. */
  status: string;
}

/** Body of `/compliance/invoices`, `/invoices/clearance/single` and `/invoices/reporting/single`. */
export interface InvoiceSubmission {
  invoiceHash: string;
  uuid: string;
  /** base64 of the signed invoice XML (UTF-8). */
  invoice: string;
}

export interface InvoiceResponse {
  validationResults?: ValidationResults;
  /** CLEARED or NOT_CLEARED. */
  clearanceStatus?: string;
  clearedInvoice?: string | null;
  /** REPORTED or NOT_REPORTED. */
  reportingStatus?: string;
  /** Compliance checks answer with these for simplified invoices. */
  qrSellertStatus?: string;
  qrBuyertStatus?: string;
}

/**
 * What a KSA provider makes of an invoice answer. `accepted`: cleared/reported (possibly with warnings);
 * `duplicate`: the authority already has it (409/208), treated as accepted, with the cleared XML when the
 * answer carries it; `report-instead`: clearance is switched off for the taxpayer (HTTP 303), the invoice
 * is to be reported; `rejected`: refused for good, messages verbatim. Transient, auth and unknown-outcome
 * failures are thrown as ComplianceError instead.
 */
export interface ZatcaInvoiceResult {
  outcome: 'accepted' | 'duplicate' | 'rejected' | 'report-instead';
  httpStatus: number;
  /** CLEARED / NOT_CLEARED / REPORTED / NOT_REPORTED, or PASS/ERROR for compliance checks. */
  status: string;
  clearedInvoiceBase64?: string;
  warnings: ValidationMessage[];
  errors: ValidationMessage[];
  response: unknown;
}

/** The ZATCA side of the connector: onboarding and submission, by Fatoora directly or through a GSP. */
export interface ZatcaProvider {
  readonly kind: 'fatoora' | 'gsp';
  /** CSR (base64 of PEM) + OTP from the taxpayer's portal -> compliance CSID. */
  requestComplianceCsid(csrBase64: string, otp: string): Promise<CsidGrant>;
  complianceCheck(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult>;
  requestProductionCsid(
    complianceCredentials: CsidCredentials,
    complianceRequestId: string,
  ): Promise<CsidGrant>;
  renewProductionCsid(
    productionCredentials: CsidCredentials,
    csrBase64: string,
    otp: string,
  ): Promise<CsidGrant>;
  clear(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult>;
  report(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult>;
  /**
   * The cleared XML (base64) the provider holds for an invoice ZATCA answered 409/208 to without one;
   * absent where the provider has no such look-up (Fatoora).
   */
  clearedInvoice?(credentials: CsidCredentials, uuid: string): Promise<string | undefined>;
  /**
   * Optional: what the provider holds for an invoice sent before (a GSP's status by UUID), as a duplicate
   * answer to adopt; undefined when it holds no accepted one. Asked before resending after an unknown
   * outcome. Fatoora has no such read: the same signed invoice is resent, and ZATCA answers it as a
   * duplicate (409/208) when it already took it.
   */
  heldResult?(
    credentials: CsidCredentials,
    submission: InvoiceSubmission,
    operation: 'clearance' | 'reporting',
  ): Promise<ZatcaInvoiceResult | undefined>;
}
