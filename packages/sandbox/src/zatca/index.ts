export { requiredChecks, startZatcaSimulator } from './zatca-simulator';
export type {
  CsidRecord,
  InvoiceRecord,
  ZatcaSimulator,
  ZatcaSimulatorOptions,
  ZatcaSimulatorRecords,
} from './zatca-simulator';
export { SandboxCertificateAuthority } from './sandbox-ca';
export type { IssuedCertificate } from './sandbox-ca';
export { checkInvoice } from './invoice-checks';
export { SANDBOX_GSP_KSA_CLIENT_ID } from './gsp-ksa-facade';
