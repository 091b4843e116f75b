/**
 * B2C dynamic QR (Notification 14/2020): B2C invoices get no IRN, but the QR must carry the supplier
 * GSTIN, a way to pay (UPI id, or bank account and IFSC), the document, its value and the tax split.
 * Catalog A publishes it as GET /einvoice/qrcode without its parameters: a flat request of those facts
 * (the query), answered with them signed like NIC's SignedQRCode.
 */
import Decimal from 'decimal.js';
import { irpError, type IrpError, type IrpResult } from './irp-errors';
import { istStartOfDay, parseDayMonthYear } from './ist-time';
import { isObject, numberAt, textAt } from './json-access';

const DOC_TYPES = ['INV', 'CRN', 'DBN'];
const DOC_NO = /^[a-zA-Z1-9][a-zA-Z0-9/-]{0,15}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const UPI_ID = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;

/** The signed QR content, keys in this order. */
export interface B2cQrData {
  SellerGstin: string;
  PayeeUpiId: string | null;
  PayeeAccNo: string | null;
  PayeeIfsc: string | null;
  DocTyp: string;
  DocNo: string;
  DocDt: string;
  TotInvVal: number;
  CgstVal: number;
  SgstVal: number;
  IgstVal: number;
  CesVal: number;
  /** UPI intent for the amount due, when a UPI id is given. */
  UpiUri: string | null;
}

export interface B2cQrContext {
  now: Date;
  allowedSellers: readonly string[];
}

export function readB2cQrRequest(body: unknown, context: B2cQrContext): IrpResult<B2cQrData> {
  if (!isObject(body)) return failure([irpError('2140', 'request body must be a JSON object')]);
  const seller = textAt(body, 'SellerGstin') ?? '';
  const docType = (textAt(body, 'DocTyp') ?? '').toUpperCase();
  const docNo = textAt(body, 'DocNo') ?? '';
  const docDate = textAt(body, 'DocDt') ?? '';
  const total = numberAt(body, 'TotInvVal');
  const upi = textAt(body, 'PayeeUpiId') ?? null;
  const account = textAt(body, 'PayeeAccNo') ?? null;
  const ifsc = textAt(body, 'PayeeIfsc')?.toUpperCase() ?? null;
  if (!seller || !docType || !docNo || !docDate || total === undefined) {
    return failure([irpError('2142', 'SellerGstin, DocTyp, DocNo, DocDt and TotInvVal are required')]);
  }
  if (!upi && !(account && ifsc)) {
    return failure([irpError('2142', 'PayeeUpiId, or PayeeAccNo with PayeeIfsc, is required')]);
  }
  if (!context.allowedSellers.includes(seller)) return failure([irpError('2143')]);
  const problems: string[] = [];
  if (!DOC_TYPES.includes(docType)) problems.push('DocTyp must be INV, CRN or DBN');
  if (!DOC_NO.test(docNo)) problems.push('DocNo is invalid');
  if (total < 0) problems.push('TotInvVal must not be negative');
  if (upi && !UPI_ID.test(upi)) problems.push('PayeeUpiId is invalid');
  if (ifsc && !IFSC.test(ifsc)) problems.push('PayeeIfsc is invalid');
  const day = parseDayMonthYear(docDate);
  if (!day) problems.push('DocDt must be dd/mm/yyyy');
  if (problems.length > 0) return failure([irpError('2140', problems.join('; '))]);
  if (istStartOfDay(day!).getTime() > context.now.getTime()) return failure([irpError('2163')]);
  return {
    ok: true,
    data: {
      SellerGstin: seller,
      PayeeUpiId: upi,
      PayeeAccNo: account,
      PayeeIfsc: ifsc,
      DocTyp: docType,
      DocNo: docNo,
      DocDt: docDate,
      TotInvVal: total,
      CgstVal: numberAt(body, 'CgstVal') ?? 0,
      SgstVal: numberAt(body, 'SgstVal') ?? 0,
      IgstVal: numberAt(body, 'IgstVal') ?? 0,
      CesVal: numberAt(body, 'CesVal') ?? 0,
      UpiUri: upi ? upiUri(upi, textAt(body, 'PayeeName'), total, docNo) : null,
    },
  };
}

function upiUri(upi: string, payeeName: string | undefined, amount: number, docNo: string): string {
  const query = new URLSearchParams({ pa: upi, ...(payeeName ? { pn: payeeName } : {}) });
  query.set('am', new Decimal(amount).toFixed(2));
  query.set('cu', 'INR');
  query.set('tn', `Invoice ${docNo}`);
  return `upi://pay?${query.toString()}`;
}

function failure(errors: IrpError[]): IrpResult<B2cQrData> {
  return { ok: false, errors };
}
