/** NIC v1.1 e-invoice payloads written for these tests (made-up parties, valid GSTIN check digits). */
import { randomBytes } from 'node:crypto';
import type { NicInvoicePayload } from '../../src/regimes/in-einvoice';
import { SANDBOX_GSTINS } from '@erp-connector/sandbox';

type Block<T> = T & Record<string, unknown>;

export interface NicTestInvoice extends NicInvoicePayload {
  TranDtls: Record<string, unknown>;
  SellerDtls: Block<{ Gstin: string }>;
  BuyerDtls: Block<{ Gstin: string }>;
  ItemList: Record<string, unknown>[];
  ValDtls: Block<{ TotInvVal: number }>;
}

/** Today in IST as dd/mm/yyyy. */
export function todayIst(now = Date.now()): string {
  const ist = new Date(now + 330 * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(ist.getUTCDate())}/${pad(ist.getUTCMonth() + 1)}/${ist.getUTCFullYear()}`;
}

export function uniqueDocNo(prefix = 'T'): string {
  return `${prefix}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** An inter-state B2B invoice from Karnataka to Delhi: 2 items, IGST 18 % and 5 %. */
export function interStateInvoice(
  overrides: { docNo?: string; docDate?: string; seller?: string; buyer?: string } = {},
): NicTestInvoice {
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: overrides.docNo ?? uniqueDocNo(), Dt: overrides.docDate ?? todayIst() },
    SellerDtls: {
      Gstin: overrides.seller ?? SANDBOX_GSTINS.karnatakaSeller,
      LglNm: 'Sandbox Seller Pvt Ltd',
      Addr1: '12 MG Road',
      Loc: 'Bengaluru',
      Pin: 560001,
      Stcd: (overrides.seller ?? SANDBOX_GSTINS.karnatakaSeller).slice(0, 2),
    },
    BuyerDtls: {
      Gstin: overrides.buyer ?? SANDBOX_GSTINS.delhiBuyer,
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
