/**
 * An India e-invoice as the IRP portal prints it: the invoice JSON that was registered (NIC schema 1.1,
 * the data the IRP signed), the IRP's IRN, Ack No and Ack Date, the e-way bill if one was generated, and
 * the IRP's SignedQRCode.
 */
import { dec, INDIAN_STATES } from '../../domain';
import type { NicEinvoiceV11, NicItem } from '../../mappers/irn';
import { amountText, decimalText } from '../../compliance/printable';
import {
  fact,
  type PrintColumn,
  type PrintableInvoice,
  type PrintFact,
  type PrintParty,
} from '../../compliance/printable';

export interface IrnRegistration {
  irn: string;
  ackNo: string | null;
  ackDate: string | null;
  signedQr: string;
  cancelled: boolean;
  ewaybill?: { ewbNo: string; ewbDate?: string | null; validUpto?: string | null };
}

const CURRENCY = 'INR';

const DOCUMENT_TITLES: Record<NicEinvoiceV11['DocDtls']['Typ'], string> = {
  INV: 'Tax Invoice',
  CRN: 'Credit Note',
  DBN: 'Debit Note',
};

export function irnPrintable(invoice: NicEinvoiceV11, registration: IrnRegistration): PrintableInvoice {
  const money = (value: number | undefined) => amountText(value ?? 0, CURRENCY);
  const items = invoice.ItemList;
  const has = (amount: (item: NicItem) => number | undefined) => items.some((item) => !!amount(item));
  const anyCess = has((i) => i.CesAmt) || has((i) => i.CesNonAdvlAmt) || has((i) => i.StateCesAmt);
  const columns: [PrintColumn, (item: NicItem) => string][] = [
    [column('Sl', false, 0.5), (i) => i.SlNo],
    [column('Description', false, 2.4), (i) => i.PrdDesc ?? ''],
    [column('HSN/SAC', false, 1.2), (i) => i.HsnCd],
    [column('Qty', true, 0.8), (i) => (i.Qty === undefined ? '' : decimalText(i.Qty))],
    [column('Unit', false, 0.7), (i) => i.Unit ?? ''],
    [column('Rate', true, 1.2), (i) => money(i.UnitPrice)],
    [column('Discount', true, 1.1), (i) => money(i.Discount)],
    [column('Taxable value', true, 1.4), (i) => money(i.AssAmt)],
    [column('GST %', true, 0.7), (i) => decimalText(i.GstRt)],
    [column('IGST', true, 1.1), (i) => money(i.IgstAmt)],
    [column('CGST', true, 1.1), (i) => money(i.CgstAmt)],
    [column('SGST/UTGST', true, 1.1), (i) => money(i.SgstAmt)],
    ...(anyCess ? [[column('Cess', true, 1.1), cessOf] as [PrintColumn, (item: NicItem) => string]] : []),
    [column('Total', true, 1.4), (i) => money(i.TotItemVal)],
  ];
  const values = invoice.ValDtls;
  return {
    title: { en: `e-Invoice: ${DOCUMENT_TITLES[invoice.DocDtls.Typ]}` },
    banner: registration.cancelled ? 'IRN CANCELLED' : undefined,
    registration: [
      ...fact('IRN', registration.irn),
      ...fact('Ack No', registration.ackNo),
      ...fact('Ack Date', registration.ackDate),
      ...fact('E-way bill no', registration.ewaybill?.ewbNo),
      ...fact('E-way bill date', registration.ewaybill?.ewbDate),
      ...fact('E-way bill valid upto', registration.ewaybill?.validUpto),
    ],
    document: [
      ...fact('Document type', DOCUMENT_TITLES[invoice.DocDtls.Typ]),
      ...fact('Document no', invoice.DocDtls.No),
      ...fact('Document date', invoice.DocDtls.Dt),
      ...fact('Supply type', invoice.TranDtls.SupTyp),
      ...fact('Reverse charge', invoice.TranDtls.RegRev === 'Y' ? 'Yes' : 'No'),
      ...fact('IGST on intra-state supply', invoice.TranDtls.IgstOnIntra === 'Y' ? 'Yes' : undefined),
      ...fact('E-commerce GSTIN', invoice.TranDtls.EcmGstin),
    ],
    parties: [
      party('Supplier', invoice.SellerDtls, []),
      party('Recipient', invoice.BuyerDtls, fact('Place of supply', stateText(invoice.BuyerDtls.Pos))),
      ...(invoice.DispDtls
        ? [party('Dispatch from', { LglNm: invoice.DispDtls.Nm, ...invoice.DispDtls }, [])]
        : []),
      ...(invoice.ShipDtls ? [party('Ship to', invoice.ShipDtls, [])] : []),
    ],
    columns: columns.map(([c]) => c),
    lines: items.map((item) => columns.map(([, cell]) => cell(item))),
    totals: [
      ...fact('Taxable value', money(values.AssVal)),
      ...amountFact('CGST', values.CgstVal),
      ...amountFact('SGST/UTGST', values.SgstVal),
      ...amountFact('IGST', values.IgstVal),
      ...amountFact('Cess', values.CesVal),
      ...amountFact('State cess', values.StCesVal),
      ...amountFact('Discount', values.Discount),
      ...amountFact('Other charges', values.OthChrg),
      ...amountFact('Round off', values.RndOffAmt),
      ...fact('Total invoice value (INR)', money(values.TotInvVal)),
      ...(values.TotInvValFc
        ? fact(
            `Total invoice value (${invoice.ExpDtls?.ForCur ?? 'foreign currency'})`,
            amountText(values.TotInvValFc, 'FC'),
          )
        : []),
    ],
    qr: { payload: registration.signedQr, caption: { en: 'Signed QR code (IRP)' } },
  };
}

function column(en: string, numeric: boolean, weight: number): PrintColumn {
  return { label: { en }, numeric, weight };
}

/** The line's cess: ad valorem and non-ad valorem, central and state, as one amount. */
function cessOf(item: NicItem): string {
  const parts = [item.CesAmt, item.CesNonAdvlAmt, item.StateCesAmt, item.StateCesNonAdvlAmt];
  const total = parts.reduce((sum, part) => sum.plus(dec(part ?? 0)), dec(0));
  return amountText(total, CURRENCY);
}

/** An amount the invoice carries, left out when it is zero. */
function amountFact(en: string, value: number | undefined): PrintFact[] {
  return value ? fact(en, amountText(value, CURRENCY)) : [];
}

interface NicParty {
  Gstin?: string;
  LglNm: string;
  TrdNm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin?: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
}

function party(role: string, details: NicParty, extra: PrintFact[]): PrintParty {
  const place = [details.Loc, stateText(details.Stcd), details.Pin === undefined ? '' : String(details.Pin)];
  return {
    role: { en: role },
    name: details.LglNm,
    facts: [
      ...fact('GSTIN', details.Gstin),
      ...fact('Trade name', details.TrdNm !== details.LglNm ? details.TrdNm : undefined),
      ...extra,
      ...fact('Phone', details.Ph),
      ...fact('Email', details.Em),
    ],
    address: [details.Addr1, details.Addr2 ?? '', place.filter(Boolean).join(', ')].filter(Boolean),
  };
}

/** A GST state code with its name ("29 Karnataka"); "96" is a place outside India. */
function stateText(code: string): string {
  const state = INDIAN_STATES[code];
  if (state) return `${state.name} (${code})`;
  return code === '96' ? 'Other country (96)' : code;
}
