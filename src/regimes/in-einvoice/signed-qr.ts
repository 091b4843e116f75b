/**
 * Signed QR answers: catalog B's /qr for an IRN, and catalog A's B2C dynamic QR (`GET /einvoice/qrcode`,
 * whose parameters the table does not show: the facts Notification 14/2020 requires, in the query,
 * answered with them signed as NIC signs SignedQRCode).
 */
import { ComplianceError } from '../../compliance';
import { decodeNicJws, verifyNicJws } from './nic-jws';

export interface SignedQr<T = Record<string, unknown>> {
  signedQrCode: string;
  /** The signed payload's `data`, verified when the IRP public key is configured. */
  data: T;
  raw: unknown;
}

export interface B2cQrRequest {
  SellerGstin: string;
  DocTyp: 'INV' | 'CRN' | 'DBN';
  DocNo: string;
  /** dd/mm/yyyy */
  DocDt: string;
  TotInvVal: number;
  CgstVal?: number;
  SgstVal?: number;
  IgstVal?: number;
  CesVal?: number;
  /** A UPI id, or a bank account with IFSC, is required. */
  PayeeUpiId?: string;
  PayeeAccNo?: string;
  PayeeIfsc?: string;
  PayeeName?: string;
}

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
  UpiUri: string | null;
}

export interface IrnQrData {
  SellerGstin: string;
  BuyerGstin: string;
  DocNo: string;
  DocTyp: string;
  DocDt: string;
  TotInvVal: number;
  ItemCnt: number;
  MainHsnCode: string;
  Irn: string;
  IrnDt: string;
}

export function toSignedQr<T>(signedQrCode: unknown, raw: unknown, publicKeyPem?: string): SignedQr<T> {
  if (typeof signedQrCode !== 'string' || signedQrCode === '') {
    throw new ComplianceError('transient', 'IRP answer lacks SignedQRCode', {
      code: 'MALFORMED_RESPONSE',
      response: raw,
    });
  }
  const decoded = publicKeyPem ? verifyNicJws<T>(signedQrCode, publicKeyPem) : decodeNicJws<T>(signedQrCode);
  return { signedQrCode, data: decoded.data, raw };
}
