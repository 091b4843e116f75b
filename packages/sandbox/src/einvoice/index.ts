export { DEFAULT_EINVOICE_ACCOUNTS, SANDBOX_GSTINS } from './accounts';
export type { SandboxEinvoiceAccount } from './accounts';
export { BULK_LIMIT, type CatalogBWire } from './api-v1-routes';
export { EINVOICE_SERVICES, einvoiceSimulator } from './einvoice-simulator';
export type {
  EinvoiceSandboxOptions,
  EinvoiceSimulatorHandle,
  EinvoiceSimulatorOptions,
} from './einvoice-simulator';
export { gstinCheckDigit, isValidGstin } from './gstin-check';
export type { IrpError, IrpInfo } from './irp-errors';
export type { EwayBillRecord, IrpGenerateRequest, IrpRegistration, IrpRejectionRecord } from './irp-registry';
export { IrpService } from './irp-service';
export type { B2cQrData } from './b2c-qr';
export type { B2cQrAnswer, EwayBillDetails, IrnDetails, IrpCaller, RejectedDocument } from './irp-service';
export { nicFinancialYear, nicIrn } from './nic-irn';
export { NIC_SANDBOX_ISSUER } from './nic-signer';
export { UNIT_QUANTITY_CODES } from './gst-masters';
export { checkItemTaxes } from './item-tax-checks';
export { NIC_INVOICE_SCHEMA, type SchemaNode } from './nic-invoice-schema';
export { checkPlaces } from './place-checks';
export { schemaViolations } from './schema-check';
export { supplyNatureOf } from './supply-nature';
