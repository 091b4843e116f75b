export * from './canonical-invoice';
export { CANONICAL_INVOICE_SCHEMAS } from './canonical-invoice.schema';
export * from './field-error';
export * from './money';
export * from './gstin';
export * from './state-codes';
export * from './uqc';
export * from './gst-rates';
export * from './hsn';
export * from './pincode';
export * from './financial-year';
export * from './dates';
export { formatIstDateTime, istDateTime, parseIstDateTime } from './ist-date-time';
export * from './canonical-invoice.validator';
export { FieldReader, childPath, withoutUndefined, type JsonObject } from './field-reader';
export * from './invoice-enums';
export type { ComplianceIdentifiers, SubmissionIdentifierColumns } from './compliance-identifiers';
export { contentHash, stableStringify } from './content-hash';
export type { ComplianceErrorClass, ConnectorErrorClass } from './error-classes';
export {
  isSubmissionErrorClass,
  isWriteBackErrorClass,
  SUBMISSION_ERROR_CLASSES,
  writeBackErrorClass,
} from './error-classes';
export {
  ADDITIONAL_DOCUMENT_KEYS,
  ADDRESS_KEYS,
  ATTRIBUTE_KEYS,
  BATCH_KEYS,
  BUYER_KEYS,
  CHARGE_KEYS,
  DISPATCH_FROM_KEYS,
  EXPORT_KEYS,
  INVOICE_KEYS,
  KSA_KEYS,
  LINE_KEYS,
  ORIGINAL_INVOICE_KEYS,
  PARTY_IDENTIFIER_KEYS,
  PARTY_KEYS,
  PAYMENT_KEYS,
  TOTALS_KEYS,
  TRANSPORT_KEYS,
} from './invoice-keys';
export { anonymousBuyer } from './invoice-party.reader';
export type { RegimeName } from './regime-name';
export { REGIME_NAME_PATTERN, REGISTERED_REGIME } from './regime-name';
export { neutraliseFormula } from './spreadsheet-cell';
export {
  canTransition,
  FAILURE_STATES,
  isRegistered,
  RETRYABLE_STATES,
  SubmissionState,
} from './submission-state';
export type { WriteBackOutcome } from './write-back-outcome';
export { normaliseVehicleNumber } from './vehicle-number';
export { monotonicNow } from './monotonic-clock';
