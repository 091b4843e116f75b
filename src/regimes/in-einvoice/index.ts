export { ApiV1EinvoiceClient } from './api-v1-einvoice-client';
export type { BulkRowResult } from './api-v1-einvoice-client';
export { createEinvoiceProvider } from './create-einvoice-provider';
export type { EinvoiceProviderConfig, EinvoiceProviderDeps } from '../../compliance';
export { EinvoiceRegime } from './einvoice.regime';
export type { EinvoiceProviderFactory } from './einvoice.regime';
export type {
  EwaybillAddress,
  EwaybillByIrnRequest,
  EwaybillByIrnResult,
  EwaybillOfIrn,
} from './ewaybill-by-irn';
export { GspEinvoiceClient } from './gsp-einvoice-client';
export { readIrnCallback } from './irn-callback';
export type { IrnCallback } from './irn-callback';
export { AUTH_CODES, IrpRejection, NOT_FOUND_CODES, parseStatusDesc } from '../../compliance';
export type { DuplicateIrnInfo, IrpErrorEntry } from '../../compliance';
export type { SignatureCheck } from './irp-signatures';
export { decodeNicJws, verifyNicJws } from './nic-jws';
export type { DecodedNicJws } from './nic-jws';
export type {
  CancelIrnRequest,
  CancelIrnResult,
  EinvoiceProvider,
  GstinDetails,
  IrnResult,
  IrpInfoEntry,
  NicInvoicePayload,
} from './provider';
export type { RejectedDocument } from './rejected-documents';
export type { B2cQrData, B2cQrRequest, IrnQrData, SignedQr } from './signed-qr';
export { einvoiceConfig } from './einvoice-settings';
export { EINVOICE_DESCRIPTOR, EINVOICE_REJECTED_IRNS_JOB, REJECTED_IRNS_PASS } from './einvoice.descriptor';
export { EINVOICE_PROVIDERS } from './create-einvoice-provider';
export type { NicIrnDetails } from './irn-details';
export { EinvoiceSettings } from './einvoice-settings';
export { cachedEinvoiceProviders } from './cached-einvoice-providers';
