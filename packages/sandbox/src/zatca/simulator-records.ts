/** What the ZATCA simulator records of the CSIDs it issued and the invoices it answered. */
import type { EgsCsrContent } from './egs-csr';
import type { ValidationMessage } from './fatoora-answers';
import type { ZatcaEndpoint } from './invoice-checks';
import type { IssuedCertificate } from './sandbox-ca';

export interface CsidRecord {
  kind: 'compliance' | 'production';
  requestId: string;
  binarySecurityToken: string;
  secret: string;
  certificate: IssuedCertificate;
  csr: EgsCsrContent;
  /** Compliance CSID: the document kinds that passed compliance checks, e.g. `standard:388`. */
  passedChecks: Set<string>;
  issuedAt: string;
  renewedFrom?: string;
  /** Set once the CSID is revoked (the taxpayer's portal, or ZATCA): every call with it answers 401. */
  revokedAt?: string;
}

export interface InvoiceRecord {
  endpoint: ZatcaEndpoint;
  uuid: string;
  hash?: string;
  icv?: string;
  status: string;
  httpStatus: number;
  errors: ValidationMessage[];
  warnings: ValidationMessage[];
  xml?: string;
  at: string;
}

export interface ZatcaSimulatorRecords {
  csids: CsidRecord[];
  invoices: InvoiceRecord[];
}
