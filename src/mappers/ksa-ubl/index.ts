export {
  buildZatcaInvoiceXml,
  ZATCA_UBL_MAPPER_VERSION,
  UBL_INVOICE_NAMESPACES,
} from './ubl-2.1-zatca.mapper';
export {
  validateForZatca,
  partyRegistrationName,
  MAX_SELLER_NAME_BYTES,
  type ZatcaChainInput,
} from './zatca-invoice-validation';
export {
  computeZatcaAmounts,
  type ZatcaAmounts,
  type ZatcaTotals,
  type ZatcaTaxBreakdown,
} from './zatca-amounts';
export { invoiceTransactionCode, INVOICE_TYPE_CODE, EXEMPTION_REASONS } from './zatca-codes';
