/**
 * IRN webhook callbacks. The providers offer callbacks "for asynchronous batches and for successful IRN
 * generation", but their event names, payloads and registration are not shown. So a callback is trusted
 * only as far as NIC signed it: the IRN details are read in NIC's names (Irn, AckNo, AckDt,
 * SignedInvoice, SignedQRCode) from the body as either catalog sends answers (`data`, `result`, `Data`,
 * possibly a JSON string, or bare), and the document they belong to from the SignedInvoice, verified
 * with the IRP's public key. A callback that does not verify settles nothing: the unknown outcome is then
 * resolved by the document look-up on the next attempt, as without callbacks.
 */
import { ComplianceError } from '../../compliance';
import { type IrnResult, toIrnResult, type NicIrnDetails } from './irn-details';
import { readInfoDtls } from '../../compliance';
import { IrpSignatures } from './irp-signatures';
import { decodeNicJws } from './nic-jws';
import { wireText } from '../../compliance';

export interface IrnCallback {
  /** The document as NIC signed it: the key to find the submission whose outcome was unknown. */
  document: { sellerGstin: string; docType: string; docNo: string; docDate: string };
  result: IrnResult;
}

export function readIrnCallback(body: unknown, publicKeyPem: string): IrnCallback {
  if (!publicKeyPem) {
    throw new ComplianceError(
      'config',
      'IRN callbacks need the IRP public key (publicKeyPem) to be verified',
      {
        code: 'NO_PUBLIC_KEY',
      },
    );
  }
  const outer = parsed(body) as Record<string, unknown> | undefined;
  const details = parsed(outer?.data ?? outer?.result ?? outer?.Data ?? outer) as NicIrnDetails | undefined;
  const result = toIrnResult(
    details,
    readInfoDtls(outer ?? {}),
    body,
    new IrpSignatures(publicKeyPem, 'irn-callback', () => undefined),
  );
  if (!result.signature.verified) {
    throw new ComplianceError(
      'rejected',
      `IRN callback for ${result.irn} not accepted: ${result.signature.reason}`,
      {
        code: result.signature.code,
      },
    );
  }
  const signed = decodeNicJws<{
    SellerDtls?: { Gstin?: unknown };
    DocDtls?: { Typ?: unknown; No?: unknown; Dt?: unknown };
  }>(result.signedInvoice).data;
  return {
    document: {
      sellerGstin: wireText(signed.SellerDtls?.Gstin),
      docType: wireText(signed.DocDtls?.Typ),
      docNo: wireText(signed.DocDtls?.No),
      docDate: wireText(signed.DocDtls?.Dt),
    },
    result,
  };
}

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
