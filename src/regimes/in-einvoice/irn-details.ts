/**
 * Turns NIC's IRN details (AckNo, AckDt, Irn, SignedInvoice, ...) into an IrnResult, with the verdict on
 * their signatures: an answer that names an IRN is a registration, kept even when its signatures fail.
 */
import { istDateTime } from '../../domain';
import { ComplianceError } from '../../compliance';
import type { IrpInfoEntry, NicIrnDetails } from '../../compliance';

export type { NicIrnDetails };
import type { IrpSignatures, SignatureCheck } from './irp-signatures';
import { optionalWireText } from '../../compliance';

/** An IRN registration as the regime keeps it. */
export interface IrnResult {
  irn: string;
  /** 15 digits, as text. */
  ackNo: string;
  /** "yyyy-MM-dd HH:mm:ss" IST. */
  ackDate: string;
  signedInvoice: string;
  signedQrCode: string;
  status: string;
  ewbNo?: string;
  ewbDate?: string;
  ewbValidUpto?: string;
  info: IrpInfoEntry[];
  /** The provider's answer as received. */
  raw: unknown;
  /** Whether SignedInvoice and SignedQRCode verified with the IRP's public key and name this IRN. */
  signature: SignatureCheck;
}

export function toIrnResult(
  details: NicIrnDetails | undefined,
  info: IrpInfoEntry[],
  raw: unknown,
  signatures: IrpSignatures,
): IrnResult {
  if (!details?.Irn || details.AckNo === undefined || !details.SignedInvoice || !details.SignedQRCode) {
    throw new ComplianceError('unknown-outcome', 'IRP answer lacks Irn/AckNo/signed data', {
      code: 'MALFORMED_RESPONSE',
      response: raw,
    });
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
    ewbValidUpto: istDateTime(optionalWireText(details.EwbValidTill)),
    info,
    raw,
    signature: signatures.check(details.Irn, details.SignedInvoice, details.SignedQRCode),
  };
}
