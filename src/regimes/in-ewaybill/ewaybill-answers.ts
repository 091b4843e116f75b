/** Readers of the e-way bill system's answers (NIC names), shared by both catalogs. */
import { istDateTime } from '../../domain';
import { ComplianceError } from '../../compliance';
import { optionalWireText } from '../../compliance';
import type { ConsolidatedEwaybill, EwaybillGenerated, EwaybillUpdated } from './ewaybill-types';

type Fields = Record<string, unknown>;

export function toGenerated(data: unknown, raw: unknown): EwaybillGenerated {
  const fields = (data ?? {}) as Fields;
  const ewbNo = optionalWireText(fields.ewayBillNo ?? fields.ewbNo);
  if (!ewbNo) {
    throw new ComplianceError('unknown-outcome', 'e-way bill answer lacks ewayBillNo', {
      code: 'MALFORMED_RESPONSE',
      response: raw,
    });
  }
  return {
    ewbNo,
    ewbDate: optionalWireText(fields.ewayBillDate ?? fields.ewbDate) ?? '',
    validUpto: istDateTime(optionalWireText(fields.validUpto)),
    alert: optionalWireText(fields.alert) || undefined,
    raw,
  };
}

export function toUpdated(data: unknown, raw: unknown): EwaybillUpdated {
  const fields = (data ?? {}) as Fields;
  return {
    ewbNo: optionalWireText(fields.ewayBillNo ?? fields.ewbNo),
    validUpto: istDateTime(optionalWireText(fields.validUpto)),
    updatedAt: optionalWireText(
      fields.vehUpdDate ?? fields.updatedDate ?? fields.transUpdateDate ?? fields.cancelDate,
    ),
    raw,
  };
}

export function toConsolidated(data: unknown, raw: unknown): ConsolidatedEwaybill {
  const fields = (data ?? {}) as Fields;
  const number = optionalWireText(fields.cEwbNo);
  if (!number) {
    throw new ComplianceError('unknown-outcome', 'consolidated e-way bill answer lacks cEwbNo', {
      code: 'MALFORMED_RESPONSE',
      response: raw,
    });
  }
  return { consolidatedEwbNo: number, date: optionalWireText(fields.cEWBDate ?? fields.cEwbDate), raw };
}

/** E-way bill system codes that mean the auth token is not accepted (nic_ewaybill_error_codes.json). */
export const EWAYBILL_AUTH_CODES: ReadonlySet<string> = new Set(['105', '106', '116', '123', '238']);
/** "Try after 5 minutes", "Redis server is not working, try after some time". */
export const EWAYBILL_TRANSIENT_CODES: ReadonlySet<string> = new Set(['118', '800']);
/** The e-way bill system's not-found answers to a read: 124 not found, 325 could not retrieve, 418 no record. */
export const EWAYBILL_NOT_FOUND_CODES: ReadonlySet<string> = new Set(['124', '325', '418']);
