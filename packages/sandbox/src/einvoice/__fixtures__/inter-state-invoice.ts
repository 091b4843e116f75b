/** An NIC v1.1 inter-state B2B invoice (Karnataka to Delhi, IGST 18 % and 5 %) for the sandbox's own specs;
 * made-up parties with valid GSTIN check digits. */
import { randomBytes } from 'node:crypto';
import { SANDBOX_GSTINS } from '../accounts';
import { istDayMonthYear } from '../ist-time';

export interface SpecInvoice extends Record<string, unknown> {
  ItemList: Record<string, unknown>[];
  ValDtls: Record<string, unknown>;
}

export function interStateInvoice(): SpecInvoice {
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: {
      Typ: 'INV',
      No: `T${randomBytes(5).toString('hex').toUpperCase()}`,
      Dt: istDayMonthYear(new Date()),
    },
    SellerDtls: {
      Gstin: SANDBOX_GSTINS.karnatakaSeller,
      LglNm: 'Sandbox Seller Pvt Ltd',
      Addr1: '12 MG Road',
      Loc: 'Bengaluru',
      Pin: 560001,
      Stcd: SANDBOX_GSTINS.karnatakaSeller.slice(0, 2),
    },
    BuyerDtls: {
      Gstin: SANDBOX_GSTINS.delhiBuyer,
      LglNm: 'Capital Buyer LLP',
      Addr1: '4 Janpath',
      Loc: 'New Delhi',
      Pin: 110001,
      Stcd: '07',
      Pos: '07',
    },
    ItemList: [
      {
        SlNo: '1',
        PrdDesc: 'Cotton shirts',
        IsServc: 'N',
        HsnCd: '61051000',
        Qty: 10,
        Unit: 'NOS',
        UnitPrice: 450,
        TotAmt: 4500,
        Discount: 0,
        AssAmt: 4500,
        GstRt: 5,
        IgstAmt: 225,
        CgstAmt: 0,
        SgstAmt: 0,
        TotItemVal: 4725,
      },
      {
        SlNo: '2',
        PrdDesc: 'Leather belts',
        IsServc: 'N',
        HsnCd: '42033000',
        Qty: 4,
        Unit: 'NOS',
        UnitPrice: 1250.5,
        TotAmt: 5002,
        Discount: 2,
        AssAmt: 5000,
        GstRt: 18,
        IgstAmt: 900,
        CgstAmt: 0,
        SgstAmt: 0,
        TotItemVal: 5900,
      },
    ],
    ValDtls: {
      AssVal: 9500,
      CgstVal: 0,
      SgstVal: 0,
      IgstVal: 1125,
      CesVal: 0,
      StCesVal: 0,
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: 0,
      TotInvVal: 10625,
    },
  };
}
