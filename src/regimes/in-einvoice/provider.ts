/** What the in-einvoice regime needs from an IRP access path (a GSP gateway or a REST provider). */
import type { IrnCallback } from './irn-callback';
import type { IrnResult } from './irn-details';
import type { IrpRejection } from '../../compliance';
import type { RejectedDocument } from './rejected-documents';

// The result types live beside the code that reads them (no import circle through this contract).
export type { IrpInfoEntry } from '../../compliance';
export type { IrnResult } from './irn-details';

/** Documents per bulk-generate call the IRP accepts. */
export const BULK_GENERATE_LIMIT = 1000;

/** The NIC v1.1 e-invoice JSON as sent; only the fields the clients read are spelled out. */
export interface NicInvoicePayload {
  Version: string;
  DocDtls: { Typ: string; No: string; Dt: string };
  SellerDtls: { Gstin: string };
  BuyerDtls: { Gstin: string };
  ValDtls: { TotInvVal: number | string };
}

export interface CancelIrnRequest {
  irn: string;
  /** 1 Duplicate, 2 Data entry mistake, 3 Order cancelled, 4 Others. */
  reasonCode: '1' | '2' | '3' | '4';
  /** At most 100 characters. */
  remark: string;
}

export interface CancelIrnResult {
  irn: string;
  cancelDate: string;
  raw: unknown;
}

export interface GstinDetails {
  gstin: string;
  legalName: string;
  tradeName?: string;
  status: string;
  stateCode?: string;
  raw: unknown;
}

/**
 * Every method throws ComplianceError: `rejected` (an IrpRejection carrying NIC's codes verbatim),
 * `transient`, `auth`, `unknown-outcome` (generate/cancel may have been applied) or `config`.
 */
/** One document's row of a bulk generate: its position in the request, and an IRN or the IRP's refusal. */
export interface BulkRowResult {
  index: number;
  result?: IrnResult;
  rejection?: IrpRejection;
}

export interface EinvoiceProvider {
  readonly catalog: 'A' | 'B';
  generateIrn(payload: NicInvoicePayload): Promise<IrnResult>;
  /** Many documents in one call (catalog B, at most BULK_GENERATE_LIMIT); absent where the API has none. */
  bulkGenerateIrn?(payloads: NicInvoicePayload[]): Promise<BulkRowResult[]>;
  /** Undefined when the IRP has no IRN for the document. */
  getIrnByDocDetails(docType: string, docNo: string, docDate: string): Promise<IrnResult | undefined>;
  /** Get by IRN (catalog A GETIRN); absent where the published API has none (catalog B). */
  getByIrn?(irn: string): Promise<IrnResult>;
  cancelIrn(request: CancelIrnRequest): Promise<CancelIrnResult>;
  /** GSTIN details (catalog A GSTNDETAILS); absent where the published API has none (catalog B). */
  gstinDetails?(gstin: string): Promise<GstinDetails>;
  /** The taxpayer fetched from the GST common portal into the IRP's master; absent where the API has none. */
  syncGstinFromCp?(gstin: string): Promise<GstinDetails>;
  /**
   * The e-way bill generated with an IRN (GETEWAYBILLIRN), status ACT or CNL; absent where the API has
   * no such call. Rejects with NIC's not-found code when the IRN has none.
   */
  getEwaybillByIrn?(irn: string): Promise<{ ewbNo: string; status?: string }>;
  /** GETREJECTEDIRNS for an IST day (dd/mm/yyyy); absent where the published API has none (catalog B). */
  getRejectedIrns?(date: string): Promise<RejectedDocument[]>;
  /** An IRN webhook callback, verified with this provider's IRP public key (see irn-callback). */
  readIrnCallback?(body: unknown): IrnCallback;
}
