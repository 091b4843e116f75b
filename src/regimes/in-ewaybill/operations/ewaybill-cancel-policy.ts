/**
 * When an e-way bill may be cancelled, answered before anything is sent with the e-way bill system's own
 * code: within 24 hours of its generation (728 after). Its reason codes are the e-way bill system's, which
 * number the same reasons differently from the e-invoice's.
 */
import type { CancelPolicy } from '../../../compliance';
import { cancelWindow, istText, parseEwaybillTime } from './ewaybill-times';

export const EWAYBILL_CANCEL_WINDOW_PASSED = '728';

export const EWAYBILL_CANCEL_POLICY: CancelPolicy = {
  reasons: { '1': 'duplicate', '2': 'order cancelled', '3': 'data entry mistake', '4': 'others' },
  remarkMaxLength: 50,
  refusal(submission, _siblings, _settings, now) {
    const ewbNo = submission.identifiers.ewbNo ?? submission.ewbNo;
    if (!ewbNo) return { code: '312', message: 'this submission holds no e-way bill number to cancel' };
    const generatedAt = parseEwaybillTime(submission.identifiers.ewbDate);
    if (generatedAt === undefined) return undefined;
    const window = cancelWindow(generatedAt, now);
    if (window.open) return undefined;
    return {
      code: EWAYBILL_CANCEL_WINDOW_PASSED,
      message: `e-way bill ${ewbNo} can be cancelled only within 24 hours of its generation (${istText(generatedAt)}); that ended ${istText(window.closedAtMs!)}`,
    };
  },
};
