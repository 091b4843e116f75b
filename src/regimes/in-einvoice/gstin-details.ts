/** NIC's taxpayer record (GSTNDETAILS, SYNC_GSTIN_FROMCP, /gstin) as GstinDetails. */
import type { GstinDetails } from './provider';
import { optionalWireText, wireText } from '../../compliance';

export function toGstinDetails(
  data: Record<string, unknown> | undefined,
  gstin: string,
  raw: unknown,
): GstinDetails {
  const record = data ?? {};
  return {
    gstin: wireText(record.Gstin, gstin),
    legalName: wireText(record.LegalName),
    tradeName: optionalWireText(record.TradeName),
    status: wireText(record.Status),
    stateCode: optionalWireText(record.StateCode)?.padStart(2, '0'),
    raw,
  };
}
