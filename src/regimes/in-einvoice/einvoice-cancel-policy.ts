/**
 * When an IRN may be cancelled, answered before anything is sent with NIC's own codes: within 24 hours
 * of its AckDt (2270 after), and not while an e-way bill generated for the document is active (2230).
 * An e-way bill generated with the IRN itself (EwbDtls) is confirmed inactive with the IRP first, unless
 * the instance names the e-way bill API (then the regime cancels it itself when the IRP refuses).
 */
import { SubmissionState, isRegistered, parseIstDateTime } from '../../domain';
import type { CancelCandidate, CancelPolicy } from '../../compliance';
import type { EinvoiceSettings } from './einvoice-settings';

export const IRN_CANCEL_WINDOW_MS = 24 * 3600_000;
/** NIC's codes for the same refusals, so an operator sees one code whoever refused. */
export const IRN_WINDOW_PASSED = '2270';
export const EWAYBILL_ACTIVE = '2230';

const EWAYBILL = 'in-ewaybill';

const isActiveEwaybill = (s: CancelCandidate): boolean =>
  s.regime === EWAYBILL &&
  isRegistered(s.state as SubmissionState) &&
  s.state !== (SubmissionState.Cancelled as string);

export const EINVOICE_CANCEL_POLICY: CancelPolicy<EinvoiceSettings> = {
  reasons: { '1': 'duplicate', '2': 'data entry mistake', '3': 'order cancelled', '4': 'others' },
  refusal(submission, siblings, _settings, now) {
    const acknowledged = parseIstDateTime(submission.ackDate);
    if (acknowledged !== undefined && now - acknowledged > IRN_CANCEL_WINDOW_MS) {
      return {
        code: IRN_WINDOW_PASSED,
        message: `the IRN can be cancelled only within 24 hours of ${submission.ackDate ?? ''} (IST); issue a credit note instead`,
      };
    }
    const ewaybill = siblings.find(isActiveEwaybill);
    if (ewaybill) {
      return {
        code: EWAYBILL_ACTIVE,
        message: `e-way bill ${ewaybill.ewbNo ?? ''} is active on this document: cancel it first`,
      };
    }
    return undefined;
  },

  needsAuthorityCheck(submission, siblings, settings) {
    const ewbNo = submission.identifiers.ewbNo ?? submission.ewbNo;
    if (!ewbNo) return undefined;
    const knownCancelled = siblings.some(
      (s) => s.regime === EWAYBILL && s.state === (SubmissionState.Cancelled as string) && s.ewbNo === ewbNo,
    );
    if (knownCancelled) return undefined;
    if (settings.ewaybill) return undefined;
    return ewbNo;
  },
};
