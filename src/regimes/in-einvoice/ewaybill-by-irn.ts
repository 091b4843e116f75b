/** E-way bill generated from an IRN (NIC /eiewb "ewaybill"): request in NIC's names, typed answers. */
import { istDateTime } from '../../domain';
import { ComplianceError } from '../../compliance';
import type { IrpInfoEntry } from './provider';
import { optionalWireText } from '../../compliance';

export interface EwaybillAddress {
  Nm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
}

export interface EwaybillByIrnRequest {
  Irn: string;
  /** Km; 0 lets the IRP compute pin-to-pin distance (reported as info EWBPPD). At most 4000. */
  Distance: number;
  /** 1 Road, 2 Rail, 3 Air, 4 Ship. */
  TransMode?: '1' | '2' | '3' | '4';
  TransId?: string;
  TransName?: string;
  /** dd/mm/yyyy */
  TransDocDt?: string;
  TransDocNo?: string;
  VehNo?: string;
  /** R regular, O over-dimensional cargo (1 day per 20 km instead of 200). */
  VehType?: 'R' | 'O';
  ExpShipDtls?: EwaybillAddress;
  DispDtls?: EwaybillAddress & { Nm: string };
}

export interface EwaybillByIrnResult {
  ewbNo: string;
  /** "yyyy-MM-dd HH:mm:ss" IST. */
  ewbDate: string;
  /** "yyyy-MM-dd 23:59:00" IST of the last valid day; absent until Part-B (vehicle/transport doc) is given. */
  validUpto?: string;
  alert?: string;
  info: IrpInfoEntry[];
  raw: unknown;
  /** True when the IRP already had an active e-way bill for the IRN (4002) and it was taken over. */
  adopted?: boolean;
}

export interface EwaybillOfIrn extends Omit<EwaybillByIrnResult, 'alert' | 'info' | 'adopted'> {
  /** ACT or CNL. */
  status?: string;
}

export interface NicEwaybillDetails {
  EwbNo?: number | string;
  EwbDt?: string;
  EwbValidTill?: string | null;
  Alert?: string | null;
  Status?: string;
}

export function toEwaybillResult(
  details: NicEwaybillDetails | undefined,
  info: IrpInfoEntry[],
  raw: unknown,
): EwaybillByIrnResult {
  const ewbNo = optionalWireText(details?.EwbNo);
  if (!ewbNo) {
    throw new ComplianceError('unknown-outcome', 'IRP answer lacks EwbNo', {
      code: 'MALFORMED_RESPONSE',
      response: raw,
    });
  }
  return {
    ewbNo,
    ewbDate: optionalWireText(details?.EwbDt) ?? '',
    validUpto: istDateTime(optionalWireText(details?.EwbValidTill)),
    alert: optionalWireText(details?.Alert),
    info,
    raw,
  };
}

export function toEwaybillOfIrn(details: NicEwaybillDetails | undefined, raw: unknown): EwaybillOfIrn {
  const { ewbNo, ewbDate, validUpto } = toEwaybillResult(details, [], raw);
  return { ewbNo, ewbDate, validUpto, status: optionalWireText(details?.Status), raw };
}
