/**
 * The limits of NIC's e-invoice v1.1 JSON schema (einvoice_v1.1.schema.json) on the fields the mapper
 * fills: text lengths and patterns, number ranges and the date pattern, in one table. The mapper cuts
 * the free text marked `truncate` to its maximum (with a warning), as NIC practice allows for remarks and
 * descriptions; rules/field-limits.rules.ts refuses every other value outside its limits, as the IRP's
 * schema validation would. Lengths count UTF-16 code units, as the IRP (.NET) does.
 *
 * Fields with rules of their own are not repeated here: GSTINs (format and check digit), state codes,
 * PINs, HSN, UQC, document, invoice and serial numbers, and the enumerations the mapper writes itself
 * (TaxSch, SupTyp, Typ, RegRev, IgstOnIntra, IsServc, RefClm). Phone and e-mail the mapper leaves out
 * when NIC could not take them.
 */
import {
  type NicAddlDocDtls,
  type NicAttribDtls,
  type NicBchDtls,
  type NicBuyerDtls,
  type NicDispDtls,
  type NicEinvoiceV11,
  type NicEwbDtls,
  type NicExpDtls,
  type NicItem,
  type NicPayDtls,
  type NicPrecDocDtls,
  type NicRefDtls,
  type NicSellerDtls,
  type NicShipDtls,
  type NicValDtls,
} from './nic-einvoice-v1.1.types';

export interface TextLimit {
  kind: 'text';
  min: number;
  max: number;
  pattern: RegExp;
  /** What the pattern asks for, as the error message. */
  patternMessage: string;
  /** Free text that may be cut to `max` (with a warning) rather than refused. */
  truncate?: true;
}

export type FreeTextLimit = TextLimit & { truncate: true };

export interface NumberLimit {
  kind: 'number';
  min: number;
  max: number;
  /** A rule name and message of their own, instead of the generic range ones. */
  rule?: string;
  message?: string;
}

export interface DateLimit {
  kind: 'date';
}

export type FieldLimit = TextLimit | NumberLimit | DateLimit;

/** The limits of an object's fields and of the objects (or arrays of objects) inside it. */
export interface SectionLimits {
  fields: Readonly<Record<string, FieldLimit>>;
  sections?: Readonly<Record<string, SectionLimits>>;
}

/** Field names checked against the payload types, so a misspelt one does not compile. */
type LimitsOf<T> = Partial<Record<keyof T, FieldLimit>>;

/** NIC's text pattern `^([^\"])*$`: anything but a double quote. */
export const NO_DOUBLE_QUOTE = /^[^"]*$/;
/** dd/mm/yyyy with the year between 2010 and 2029: the schema's own pattern, narrower than the calendar. */
export const NIC_DATE_PATTERN = /^[0-3][0-9]\/[0-1][0-9]\/[2][0][1-2][0-9]$/;

/** Most item amounts; the invoice totals go two digits further. */
const ITEM_AMOUNT_MAX = 999999999999.99;
const TOTAL_AMOUNT_MAX = 99999999999999.98;
const QUANTITY_MAX = 9999999999.999;
const UNIT_PRICE_MAX = 999999999999.999;
const RATE_MAX = 999.999;
/** The longest e-way bill distance NIC accepts, in kilometres. */
const DISTANCE_MAX_KM = 4000;
const CREDIT_DAYS_MAX = 9999;
const ROUND_OFF_LIMIT = 99.99;

function text(min: number, max: number): TextLimit {
  return patterned(min, max, NO_DOUBLE_QUOTE, 'must not contain a double quote');
}

function freeText(min: number, max: number): FreeTextLimit {
  return { ...text(min, max), truncate: true };
}

function patterned(min: number, max: number, pattern: RegExp, patternMessage: string): TextLimit {
  return { kind: 'text', min, max, pattern, patternMessage };
}

function number(max: number): NumberLimit {
  return { kind: 'number', min: 0, max };
}

const DATE: DateLimit = { kind: 'date' };
const AMOUNT = number(ITEM_AMOUNT_MAX);
const TOTAL = number(TOTAL_AMOUNT_MAX);
const QUANTITY = number(QUANTITY_MAX);
const RATE = number(RATE_MAX);

const NAME = text(3, 100);
const ADDRESS_FIELDS = { Addr1: text(1, 100), Addr2: text(3, 100), Loc: text(3, 100) };

export const ITEM_DESCRIPTION_LIMIT = freeText(3, 300);
export const REMARKS_LIMIT = freeText(3, 100);
export const ADDITIONAL_INFO_LIMIT = freeText(3, 1000);

/** An item's numbers, apart so the rules can screen them in one pass (see field-limits.rules.ts). */
export const ITEM_NUMBER_LIMITS = {
  Qty: QUANTITY,
  FreeQty: QUANTITY,
  UnitPrice: number(UNIT_PRICE_MAX),
  TotAmt: AMOUNT,
  Discount: AMOUNT,
  PreTaxVal: AMOUNT,
  AssAmt: AMOUNT,
  GstRt: RATE,
  IgstAmt: AMOUNT,
  CgstAmt: AMOUNT,
  SgstAmt: AMOUNT,
  CesRt: RATE,
  CesAmt: AMOUNT,
  CesNonAdvlAmt: AMOUNT,
  StateCesRt: RATE,
  StateCesAmt: AMOUNT,
  StateCesNonAdvlAmt: AMOUNT,
  OthChrg: AMOUNT,
  TotItemVal: AMOUNT,
} satisfies LimitsOf<NicItem>;

export const ITEM_LIMITS: SectionLimits = {
  fields: {
    PrdDesc: ITEM_DESCRIPTION_LIMIT,
    Barcde: text(3, 30),
    ...ITEM_NUMBER_LIMITS,
  } satisfies LimitsOf<NicItem>,
  sections: {
    BchDtls: { fields: { Nm: text(3, 20), ExpDt: DATE, WrDt: DATE } satisfies LimitsOf<NicBchDtls> },
    AttribDtls: { fields: { Nm: text(1, 100), Val: text(1, 100) } satisfies LimitsOf<NicAttribDtls> },
  } satisfies Partial<Record<keyof NicItem, SectionLimits>>,
};

const SECTION_LIMITS = {
  SellerDtls: {
    fields: {
      LglNm: NAME,
      TrdNm: NAME,
      ...ADDRESS_FIELDS,
      Loc: text(3, 50),
    } satisfies LimitsOf<NicSellerDtls>,
  },
  BuyerDtls: { fields: { LglNm: NAME, TrdNm: NAME, ...ADDRESS_FIELDS } satisfies LimitsOf<NicBuyerDtls> },
  DispDtls: { fields: { Nm: NAME, ...ADDRESS_FIELDS } satisfies LimitsOf<NicDispDtls> },
  ShipDtls: { fields: { LglNm: NAME, TrdNm: NAME, ...ADDRESS_FIELDS } satisfies LimitsOf<NicShipDtls> },
  ItemList: ITEM_LIMITS,
  ValDtls: {
    fields: {
      AssVal: TOTAL,
      CgstVal: TOTAL,
      SgstVal: TOTAL,
      IgstVal: TOTAL,
      CesVal: TOTAL,
      StCesVal: TOTAL,
      Discount: TOTAL,
      OthChrg: TOTAL,
      RndOffAmt: {
        kind: 'number',
        min: -ROUND_OFF_LIMIT,
        max: ROUND_OFF_LIMIT,
        rule: 'irn.total.roundOff',
        message: `the round-off lies between -${ROUND_OFF_LIMIT} and ${ROUND_OFF_LIMIT}`,
      },
      TotInvVal: TOTAL,
      TotInvValFc: TOTAL,
    } satisfies LimitsOf<NicValDtls>,
  },
  PayDtls: {
    fields: {
      Nm: text(1, 100),
      AccDet: text(1, 18),
      Mode: text(1, 18),
      FinInsBr: text(1, 11),
      PayTerm: text(1, 100),
      PayInstr: text(1, 100),
      CrDay: number(CREDIT_DAYS_MAX),
      PaidAmt: TOTAL,
      PaymtDue: TOTAL,
    } satisfies LimitsOf<NicPayDtls>,
  },
  RefDtls: {
    fields: { InvRm: REMARKS_LIMIT } satisfies LimitsOf<NicRefDtls>,
    sections: { PrecDocDtls: { fields: { InvDt: DATE } satisfies LimitsOf<NicPrecDocDtls> } },
  },
  AddlDocDtls: {
    fields: {
      Url: text(3, 100),
      Docs: text(3, 1000),
      Info: ADDITIONAL_INFO_LIMIT,
    } satisfies LimitsOf<NicAddlDocDtls>,
  },
  ExpDtls: {
    fields: {
      ShipBNo: text(1, 20),
      ShipBDt: DATE,
      Port: patterned(2, 10, /^[0-9|A-Z|a-z]{2,10}$/, 'must be letters and digits'),
      ForCur: patterned(3, 16, /^[A-Z|a-z]{3,16}$/, 'must be letters'),
      CntCode: patterned(2, 2, /^([A-Z]{2})$/, 'must be two capital letters (ISO 3166)'),
      ExpDuty: AMOUNT,
    } satisfies LimitsOf<NicExpDtls>,
  },
  EwbDtls: {
    fields: {
      TransId: patterned(
        15,
        15,
        /^([0-9]{2}[0-9A-Z]{13})$/,
        'must be a GSTIN or transporter id: 2 digits, then 13 capitals or digits',
      ),
      TransName: NAME,
      TransMode: patterned(1, 1, /^([1-4]{1})?$/, 'must be 1 (road), 2 (rail), 3 (air) or 4 (ship)'),
      Distance: number(DISTANCE_MAX_KM),
      TransDocNo: patterned(1, 15, /^([a-zA-Z0-9/-]{1,15})$/, 'must be letters, digits, "/" or "-"'),
      TransDocDt: DATE,
      VehNo: patterned(4, 20, /^([A-Z|a-z|0-9]{4,20})$/, 'must be letters and digits'),
      VehType: patterned(1, 1, /^([O|R]{1})$/, 'must be R (regular) or O (over-dimensional cargo)'),
    } satisfies LimitsOf<NicEwbDtls>,
  },
} satisfies Partial<Record<keyof NicEinvoiceV11, SectionLimits>>;

/** The whole payload: its sections and, inside them, their objects and arrays of objects. */
export const NIC_EINVOICE_LIMITS: SectionLimits = { fields: {}, sections: SECTION_LIMITS };
