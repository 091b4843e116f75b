/**
 * The NIC/IRP e-invoice request JSON, schema version 1.1 ("GST Invoice format for IRN Generation in INDIA").
 *
 * Field names are NIC's, verbatim. Money, quantities and rates are JS numbers because the IRP rejects
 * strings there; the mapper computes them as decimals and converts with `Number(toFixed(x, places))` as
 * the very last step, so no float arithmetic ever touches an amount.
 */

export const NIC_EINVOICE_SCHEMA_VERSION = '1.1';

export type YesNo = 'Y' | 'N';
export type NicSupplyType = 'B2B' | 'SEZWP' | 'SEZWOP' | 'EXPWP' | 'EXPWOP' | 'DEXP';
export type NicDocumentType = 'INV' | 'CRN' | 'DBN';
/** 1 Road, 2 Rail, 3 Air, 4 Ship. */
export type NicTransportMode = '1' | '2' | '3' | '4';
/** R: regular, O: over-dimensional cargo. */
export type NicVehicleType = 'R' | 'O';
/** dd/mm/yyyy */
export type NicDate = string;

export interface NicTranDtls {
  TaxSch: 'GST';
  SupTyp: NicSupplyType;
  RegRev?: YesNo;
  EcmGstin?: string;
  IgstOnIntra?: YesNo;
}

export interface NicDocDtls {
  Typ: NicDocumentType;
  No: string;
  Dt: NicDate;
}

export interface NicSellerDtls {
  Gstin: string;
  LglNm: string;
  TrdNm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
}

export interface NicBuyerDtls {
  /** "URP" for exports and unregistered persons. */
  Gstin: string;
  LglNm: string;
  TrdNm?: string;
  /** Place-of-supply state code; "96" for exports. */
  Pos: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  /** 999999 for a buyer outside India. */
  Pin?: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
}

export interface NicDispDtls {
  Nm: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
}

export interface NicShipDtls {
  Gstin?: string;
  LglNm: string;
  TrdNm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
}

export interface NicBchDtls {
  Nm: string;
  ExpDt?: NicDate;
  WrDt?: NicDate;
}

export interface NicAttribDtls {
  Nm: string;
  Val: string;
}

export interface NicItem {
  /** Numeric string, unique within the invoice. */
  SlNo: string;
  PrdDesc?: string;
  IsServc: YesNo;
  HsnCd: string;
  Barcde?: string;
  Qty?: number;
  FreeQty?: number;
  Unit?: string;
  UnitPrice: number;
  TotAmt: number;
  Discount?: number;
  PreTaxVal?: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt?: number;
  CgstAmt?: number;
  SgstAmt?: number;
  CesRt?: number;
  CesAmt?: number;
  CesNonAdvlAmt?: number;
  StateCesRt?: number;
  StateCesAmt?: number;
  StateCesNonAdvlAmt?: number;
  OthChrg?: number;
  TotItemVal: number;
  OrdLineRef?: string;
  OrgCntry?: string;
  PrdSlNo?: string;
  BchDtls?: NicBchDtls;
  AttribDtls?: NicAttribDtls[];
}

export interface NicValDtls {
  AssVal: number;
  CgstVal?: number;
  SgstVal?: number;
  IgstVal?: number;
  CesVal?: number;
  StCesVal?: number;
  /** Invoice-level discount, beyond item discounts. */
  Discount?: number;
  /** Invoice-level other charges, beyond item charges. */
  OthChrg?: number;
  RndOffAmt?: number;
  TotInvVal: number;
  TotInvValFc?: number;
}

export interface NicPayDtls {
  Nm?: string;
  AccDet?: string;
  Mode?: string;
  FinInsBr?: string;
  PayTerm?: string;
  PayInstr?: string;
  CrTrn?: string;
  DirDr?: string;
  CrDay?: number;
  PaidAmt?: number;
  PaymtDue?: number;
}

export interface NicDocPerdDtls {
  InvStDt: NicDate;
  InvEndDt: NicDate;
}

export interface NicPrecDocDtls {
  InvNo: string;
  InvDt: NicDate;
  OthRefNo?: string;
}

export interface NicContrDtls {
  RecAdvRefr?: string;
  RecAdvDt?: NicDate;
  TendRefr?: string;
  ContrRefr?: string;
  ExtRefr?: string;
  ProjRefr?: string;
  PORefr?: string;
  PORefDt?: NicDate;
}

export interface NicRefDtls {
  InvRm?: string;
  DocPerdDtls?: NicDocPerdDtls;
  PrecDocDtls?: NicPrecDocDtls[];
  ContrDtls?: NicContrDtls[];
}

export interface NicAddlDocDtls {
  Url?: string;
  Docs?: string;
  Info?: string;
}

export interface NicExpDtls {
  ShipBNo?: string;
  ShipBDt?: NicDate;
  Port?: string;
  RefClm?: YesNo;
  ForCur?: string;
  CntCode?: string;
  ExpDuty?: number;
}

export interface NicEwbDtls {
  TransId?: string;
  TransName?: string;
  TransMode?: NicTransportMode;
  /** Kilometres; 0 lets the IRP compute the PIN-to-PIN distance. */
  Distance: number;
  TransDocNo?: string;
  TransDocDt?: NicDate;
  VehNo?: string;
  VehType?: NicVehicleType;
}

export interface NicEinvoiceV11 {
  Version: typeof NIC_EINVOICE_SCHEMA_VERSION;
  TranDtls: NicTranDtls;
  DocDtls: NicDocDtls;
  SellerDtls: NicSellerDtls;
  BuyerDtls: NicBuyerDtls;
  DispDtls?: NicDispDtls;
  ShipDtls?: NicShipDtls;
  ItemList: NicItem[];
  ValDtls: NicValDtls;
  PayDtls?: NicPayDtls;
  RefDtls?: NicRefDtls;
  AddlDocDtls?: NicAddlDocDtls[];
  ExpDtls?: NicExpDtls;
  EwbDtls?: NicEwbDtls;
}
