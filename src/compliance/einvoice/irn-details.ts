/** Turns NIC's IRN details (AckNo, AckDt, Irn, SignedInvoice, ...) into an IrnResult, verifying signatures. */
import { ComplianceError } from '../regime';
import { verifyNicJws } from './nic-jws';
import type { IrnResult, IrpInfoEntry } from './provider';
import { optionalWireText } from './wire-text';

export interface NicIrnDetails {
  AckNo?: number | string;
  AckDt?: string;
  Irn?: string;
  SignedInvoice?: string;
  SignedQRCode?: string;
  Status?: string;
  EwbNo?: number | string | null;
  EwbDt?: string | null;
  EwbValidTill?: string | null;
}

export function toIrnResult(
  details: NicIrnDetails | undefined,
  info: IrpInfoEntry[],
  raw: unknown,
  publicKeyPem?: string,
): IrnResult {
  if (!details?.Irn || details.AckNo === undefined || !details.SignedInvoice || !details.SignedQRCode) {
    throw new ComplianceError('unknown-outcome', 'IRP answer lacks Irn/AckNo/signed data', {
      code: 'MALFORMED_RESPONSE',
      response: raw,
    });
  }
  if (publicKeyPem) {
    const invoice = verifyNicJws<{ Irn?: string }>(details.SignedInvoice, publicKeyPem);
    const qr = verifyNicJws<{ Irn?: string }>(details.SignedQRCode, publicKeyPem);
    if (invoice.data.Irn !== details.Irn || qr.data.Irn !== details.Irn) {
      throw new ComplianceError('config', 'signed data names another IRN', { code: 'SIGNATURE_MISMATCH' });
    }
  }
  return {
    irn: details.Irn,
    ackNo: String(details.AckNo),
    ackDate: String(details.AckDt ?? ''),
    signedInvoice: details.SignedInvoice,
    signedQrCode: details.SignedQRCode,
    status: details.Status ?? 'ACT',
    ewbNo: optionalWireText(details.EwbNo),
    ewbDate: optionalWireText(details.EwbDt),
    ewbValidUpto: optionalWireText(details.EwbValidTill),
    info,
    raw,
  };
}
