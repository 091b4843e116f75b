/**
 * NIC's e-invoice request schema v1.1 as the IRP applies it (a draft-07 JSON Schema subset: types,
 * required members, string lengths and patterns, number ranges, enumerations, list sizes). Patterns are
 * NIC's own .NET expressions, `(?i)` prefix included. test/sandbox/einvoice-schema-parity.test.ts keeps
 * this in step with the published schema when the shared reference folder is present.
 */
export interface SchemaNode {
  type: 'object' | 'array' | 'string' | 'number';
  required?: string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
}

const FREE_TEXT = '^([^\\"])*$';
const DATE = '^[0-3][0-9]/[0-1][0-9]/[2][0][1-2][0-9]$';
const GSTIN = '^([0-9]{2}[0-9A-Z]{13})$';
const GSTIN_OR_URP = '^(([0-9]{2}[0-9A-Z]{13})|URP)$';
const STATE_CODE = '^(?!0+$)([0-9]{1,2})$';
const ITEM_AMOUNT_MAX = 999999999999.99;
const TOTAL_AMOUNT_MAX = 99999999999999.98;
const RATE_MAX = 999.999;

function text(minLength: number, maxLength: number, pattern = FREE_TEXT): SchemaNode {
  return { type: 'string', minLength, maxLength, pattern };
}

function choice(minLength: number, maxLength: number, pattern: string, values: string[]): SchemaNode {
  return { ...text(minLength, maxLength, pattern), enum: values };
}

function range(minimum: number, maximum: number): SchemaNode {
  return { type: 'number', minimum, maximum };
}

function object(properties: Record<string, SchemaNode>, required?: string[]): SchemaNode {
  return required ? { type: 'object', required, properties } : { type: 'object', properties };
}

function list(items: SchemaNode, limits: { minItems?: number; maxItems?: number } = {}): SchemaNode {
  return { type: 'array', ...limits, items };
}

const yesNo = choice(1, 1, '^([Y|N]{1})$', ['Y', 'N']);
const date = text(10, 10, DATE);
const pin = range(100000, 999999);
const stateCode = text(1, 2, STATE_CODE);
const itemAmount = range(0, ITEM_AMOUNT_MAX);
const totalAmount = range(0, TOTAL_AMOUNT_MAX);
const rate = range(0, RATE_MAX);
const phone = text(6, 12, '^([0-9]{6,12})$');
const email = text(6, 100, '^[a-zA-Z0-9+_.-]+@[a-zA-Z0-9.-]+$');

const item = object(
  {
    SlNo: text(1, 6, '^([0-9]{1,6})$'),
    PrdDesc: text(3, 300),
    IsServc: yesNo,
    HsnCd: text(4, 8, '^(?!0+$)([0-9]{4}|[0-9]{6}|[0-9]{8})$'),
    Barcde: text(3, 30),
    Qty: range(0, 9999999999.999),
    FreeQty: range(0, 9999999999.999),
    Unit: text(3, 8, '^([A-Z|a-z]{3,8})$'),
    UnitPrice: range(0, 999999999999.999),
    TotAmt: itemAmount,
    Discount: itemAmount,
    PreTaxVal: itemAmount,
    AssAmt: itemAmount,
    GstRt: rate,
    IgstAmt: itemAmount,
    CgstAmt: itemAmount,
    SgstAmt: itemAmount,
    CesRt: rate,
    CesAmt: itemAmount,
    CesNonAdvlAmt: itemAmount,
    StateCesRt: rate,
    StateCesAmt: itemAmount,
    StateCesNonAdvlAmt: itemAmount,
    OthChrg: itemAmount,
    TotItemVal: itemAmount,
    OrdLineRef: text(1, 50),
    OrgCntry: text(2, 2, '^([A-Z|a-z]{2})$'),
    PrdSlNo: text(1, 20),
    BchDtls: object({ Nm: text(3, 20), ExpDt: date, WrDt: date }, ['Nm']),
    AttribDtls: list(object({ Nm: text(1, 100), Val: text(1, 100) })),
  },
  ['SlNo', 'IsServc', 'HsnCd', 'UnitPrice', 'TotAmt', 'AssAmt', 'GstRt', 'TotItemVal'],
);

export const NIC_INVOICE_SCHEMA: SchemaNode = object(
  {
    Version: { type: 'string', minLength: 1, maxLength: 6 },
    Irn: { type: 'string', minLength: 64, maxLength: 64 },
    TranDtls: object(
      {
        TaxSch: choice(3, 10, '^(GST)$', ['GST']),
        SupTyp: choice(3, 10, '(?i)^((B2B)|(SEZWP)|(SEZWOP)|(EXPWP)|(EXPWOP)|(DEXP))$', [
          'B2B',
          'SEZWP',
          'SEZWOP',
          'EXPWP',
          'EXPWOP',
          'DEXP',
        ]),
        RegRev: yesNo,
        EcmGstin: text(15, 15, GSTIN),
        IgstOnIntra: yesNo,
      },
      ['TaxSch', 'SupTyp'],
    ),
    DocDtls: object(
      {
        Typ: choice(3, 3, '(?i)^((INV)|(CRN)|(DBN))$', ['INV', 'CRN', 'DBN']),
        No: text(1, 16, '^([a-zA-Z1-9]{1}[a-zA-Z0-9/-]{0,15})$'),
        Dt: date,
      },
      ['Typ', 'No', 'Dt'],
    ),
    SellerDtls: object(
      {
        Gstin: text(15, 15, GSTIN),
        LglNm: text(3, 100),
        TrdNm: text(3, 100),
        Addr1: text(1, 100),
        Addr2: text(3, 100),
        Loc: text(3, 50),
        Pin: pin,
        Stcd: stateCode,
        Ph: phone,
        Em: email,
      },
      ['Gstin', 'LglNm', 'Addr1', 'Loc', 'Pin', 'Stcd'],
    ),
    BuyerDtls: object(
      {
        Gstin: text(3, 15, GSTIN_OR_URP),
        LglNm: text(3, 100),
        TrdNm: text(3, 100),
        Pos: stateCode,
        Addr1: text(1, 100),
        Addr2: text(3, 100),
        Loc: text(3, 100),
        Pin: pin,
        Stcd: stateCode,
        Ph: phone,
        Em: email,
      },
      ['Gstin', 'LglNm', 'Pos', 'Addr1', 'Loc', 'Stcd'],
    ),
    DispDtls: object(
      {
        Nm: text(3, 100),
        Addr1: text(1, 100),
        Addr2: text(3, 100),
        Loc: text(3, 100),
        Pin: pin,
        Stcd: stateCode,
      },
      ['Nm', 'Addr1', 'Loc', 'Pin', 'Stcd'],
    ),
    ShipDtls: object(
      {
        Gstin: text(3, 15, GSTIN_OR_URP),
        LglNm: text(3, 100),
        TrdNm: text(3, 100),
        Addr1: text(1, 100),
        Addr2: text(3, 100),
        Loc: text(3, 100),
        Pin: pin,
        Stcd: stateCode,
      },
      ['LglNm', 'Addr1', 'Loc', 'Pin', 'Stcd'],
    ),
    ItemList: list(item, { minItems: 1, maxItems: 1000 }),
    ValDtls: object(
      {
        AssVal: totalAmount,
        CgstVal: totalAmount,
        SgstVal: totalAmount,
        IgstVal: totalAmount,
        CesVal: totalAmount,
        StCesVal: totalAmount,
        Discount: totalAmount,
        OthChrg: totalAmount,
        RndOffAmt: range(-99.99, 99.99),
        TotInvVal: totalAmount,
        TotInvValFc: totalAmount,
      },
      ['AssVal', 'TotInvVal'],
    ),
    PayDtls: object({
      Nm: text(1, 100),
      AccDet: text(1, 18),
      Mode: text(1, 18),
      FinInsBr: text(1, 11),
      PayTerm: text(1, 100),
      PayInstr: text(1, 100),
      CrTrn: text(1, 100),
      DirDr: text(1, 100),
      CrDay: range(0, 9999),
      PaidAmt: totalAmount,
      PaymtDue: totalAmount,
    }),
    RefDtls: object({
      InvRm: text(3, 100),
      DocPerdDtls: object({ InvStDt: date, InvEndDt: date }, ['InvStDt', 'InvEndDt']),
      PrecDocDtls: list(
        object(
          { InvNo: text(1, 16, '^[1-9a-zA-Z]{1}[0-9a-zA-Z/-]{0,15}$'), InvDt: date, OthRefNo: text(1, 20) },
          ['InvNo', 'InvDt'],
        ),
      ),
      ContrDtls: list(
        object({
          RecAdvRefr: text(1, 20),
          RecAdvDt: date,
          TendRefr: text(1, 20),
          ContrRefr: text(1, 20),
          ExtRefr: text(1, 20),
          ProjRefr: text(1, 20),
          PORefr: text(1, 16),
          PORefDt: date,
        }),
      ),
    }),
    AddlDocDtls: list(object({ Url: text(3, 100), Docs: text(3, 1000), Info: text(3, 1000) })),
    ExpDtls: object({
      ShipBNo: text(1, 20),
      ShipBDt: date,
      Port: text(2, 10, '^[0-9|A-Z|a-z]{2,10}$'),
      RefClm: yesNo,
      ForCur: text(3, 16, '^[A-Z|a-z]{3,16}$'),
      CntCode: text(2, 2, '^([A-Z]{2})$'),
      ExpDuty: itemAmount,
    }),
    EwbDtls: object(
      {
        TransId: text(15, 15, GSTIN),
        TransName: text(3, 100),
        TransMode: choice(1, 1, '^([1-4]{1})?$', ['1', '2', '3', '4']),
        Distance: range(0, 4000),
        TransDocNo: text(1, 15, '^([a-zA-Z0-9/-]{1,15})$'),
        TransDocDt: date,
        VehNo: text(4, 20, '^([A-Z|a-z|0-9]{4,20})$'),
        VehType: choice(1, 1, '^([O|R]{1})$', ['O', 'R']),
      },
      ['Distance'],
    ),
  },
  ['Version', 'TranDtls', 'DocDtls', 'SellerDtls', 'BuyerDtls', 'ItemList', 'ValDtls'],
);
