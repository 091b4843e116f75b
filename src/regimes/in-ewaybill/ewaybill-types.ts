/**
 * The e-way bill operations of both published catalogs, in NIC's e-way bill field names (the generate
 * request as the seed table lists it; the other payloads, which the tables do not show, as NIC's
 * e-way bill API names them: reference `irp_ewb_api_envelopes_and_samples.json` ewaybill_nic_direct).
 */
export interface EwaybillGenerateRequest {
  supplyType: string;
  subSupplyType: string | number;
  docType: string;
  docNo: string;
  /** dd/mm/yyyy */
  docDate: string;
  fromGstin: string;
  toGstin: string;
  totalValue: number;
  transMode?: string | number;
  transDocNo?: string;
  vehicleNo?: string;
  itemList: {
    productName?: string;
    hsnCode: string | number;
    quantity: number;
    taxableAmount: number;
    cgstRate?: number;
    sgstRate?: number;
    igstRate?: number;
    [field: string]: unknown;
  }[];
  [field: string]: unknown;
}

export interface EwaybillGenerated {
  ewbNo: string;
  /** "dd/mm/yyyy hh:mm:ss AM" as the e-way bill system states it. */
  ewbDate: string;
  validUpto?: string;
  alert?: string;
  raw: unknown;
}

/** Part-B (vehicle) update; reasonCode 1 break down, 2 transhipment, 3 others, 4 first time. */
export interface PartBUpdateRequest {
  ewbNo: string | number;
  vehicleNo: string;
  fromPlace: string;
  fromState: string | number;
  reasonCode: string | number;
  reasonRem: string;
  transMode: string | number;
  transDocNo?: string | null;
  transDocDate?: string;
  vehicleType?: string;
}

export interface ExtendValidityRequest {
  ewbNo: string | number;
  vehicleNo?: string;
  fromPlace: string;
  fromState: string | number;
  fromPincode: string | number;
  remainingDistance: number;
  transMode: string | number;
  transDocNo?: string | null;
  transDocDate?: string;
  extnRsnCode: string | number;
  extnRemarks: string;
  /** M in movement, T in transit. */
  consignmentStatus: string;
  transitType?: string;
}

/** Cancel within 24 h; cancelRsnCode 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others. */
export interface EwaybillCancelRequest {
  ewbNo: string | number;
  cancelRsnCode: string | number;
  cancelRmrk: string;
}

export interface ConsolidateRequest {
  fromPlace: string;
  fromState: string | number;
  vehicleNo: string;
  transMode: string | number;
  transDocNo?: string;
  transDocDate?: string;
  tripSheetEwbBills: { ewbNo: string | number }[];
}

export interface TransporterUpdateRequest {
  ewbNo: string | number;
  transporterId: string;
}

export interface EwaybillUpdated {
  ewbNo?: string;
  validUpto?: string;
  /** vehUpdDate / updatedDate / transUpdateDate / cancelDate, as sent. */
  updatedAt?: string;
  raw: unknown;
}

export interface ConsolidatedEwaybill {
  consolidatedEwbNo: string;
  date?: string;
  raw: unknown;
}

export interface EwaybillBulkRow {
  index: number;
  result?: EwaybillGenerated;
  error?: import('../../compliance').ComplianceError;
}

/**
 * An e-way bill API access path. Every method throws ComplianceError: `rejected` (the e-way bill system's
 * codes verbatim), `transient`, `auth`, `unknown-outcome` (a change may have been applied) or `config`.
 * Operations a catalog's table does not list are absent.
 */
export interface EwaybillProvider {
  readonly catalog: 'A' | 'B';
  generate(request: EwaybillGenerateRequest): Promise<EwaybillGenerated>;
  updatePartB(request: PartBUpdateRequest): Promise<EwaybillUpdated>;
  extendValidity(request: ExtendValidityRequest): Promise<EwaybillUpdated>;
  cancel(request: EwaybillCancelRequest): Promise<EwaybillUpdated>;
  consolidate(request: ConsolidateRequest): Promise<ConsolidatedEwaybill>;
  /** Catalog A only. */
  updateTransporter?(request: TransporterUpdateRequest): Promise<EwaybillUpdated>;
  /** Catalog A only: the e-way bill's details as the system holds them. */
  getEwaybill?(ewbNo: string): Promise<Record<string, unknown>>;
  /** Catalog A only: the consignor's e-way bill for a document; undefined when there is none. */
  getEwaybillByDocument?(docType: string, docNo: string): Promise<Record<string, unknown> | undefined>;
  /** Catalog B only: up to 1,000 per call, a row per document. */
  bulkGenerate?(requests: EwaybillGenerateRequest[]): Promise<EwaybillBulkRow[]>;
}
