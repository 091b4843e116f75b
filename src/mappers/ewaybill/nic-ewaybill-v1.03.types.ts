/**
 * NIC e-way bill generate request (GENEWAYBILL `data`, API v1.03) as this mapper writes it: field names and
 * limits of `../shared/reference/india/ewaybill_genewaybill_v1.03.schema.reconstructed.json`. Money and
 * rates are numbers on the wire, computed as decimals and rounded (2 places, quantities 3).
 */
export type EwaybillDocType = 'INV' | 'BIL' | 'BOE' | 'CHL' | 'CNT' | 'OTH';

export type NicEwaybillItemV103 = {
  itemNo: number;
  productName: string;
  productDesc?: string;
  hsnCode: string;
  quantity: number;
  qtyUnit?: string;
  taxableAmount: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonAdvol: number;
};

export type NicEwaybillV103 = {
  supplyType: 'O' | 'I';
  /** 1 Supply, 2 Import, 3 Export, 4 Job Work, ... 8 Others (subSupplyDesc then required). */
  subSupplyType: string;
  subSupplyDesc?: string;
  docType: EwaybillDocType;
  docNo: string;
  /** dd/mm/yyyy */
  docDate: string;
  fromGstin: string;
  fromTrdName: string;
  fromAddr1: string;
  fromAddr2?: string;
  fromPlace: string;
  fromPincode: number;
  fromStateCode: number;
  actFromStateCode: number;
  toGstin: string;
  toTrdName: string;
  toAddr1: string;
  toAddr2?: string;
  toPlace: string;
  toPincode: number;
  toStateCode: number;
  actToStateCode: number;
  /** 1 Regular, 2 Bill To-Ship To, 3 Bill From-Dispatch From, 4 both. */
  transactionType: 1 | 2 | 3 | 4;
  dispatchFromGSTIN?: string;
  dispatchFromTradeName?: string;
  shipToGSTIN?: string;
  shipToTradeName?: string;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  cessNonAdvolValue: number;
  otherValue: number;
  totInvValue: number;
  transporterId?: string;
  transporterName?: string;
  /** 1 Road, 2 Rail, 3 Air, 4 Ship; absent on a Part-A only bill. */
  transMode?: '1' | '2' | '3' | '4';
  /** Km, "0" lets the portal compute pin-to-pin; 0..4000. */
  transDistance: string;
  transDocNo?: string;
  transDocDate?: string;
  vehicleNo?: string;
  vehicleType?: 'R' | 'O';
  mainHsnCode: string;
  itemList: NicEwaybillItemV103[];
};

/**
 * GENERATE_EWAYBILL by IRN (NIC e-invoice API) without the IRN itself, which is known only once the
 * e-invoice is registered: the submission adds `Irn`.
 */
export type NicEwaybillByIrnDetails = {
  Distance: number;
  TransMode?: '1' | '2' | '3' | '4';
  TransId?: string;
  TransName?: string;
  TransDocDt?: string;
  TransDocNo?: string;
  VehNo?: string;
  VehType?: 'R' | 'O';
};
