import type { CancelCandidate } from '../../../compliance';
import { EWAYBILL_CANCEL_POLICY } from './ewaybill-cancel-policy';

const ist = (text: string) => new Date(`${text}+05:30`).getTime();
const bill = (ewbDate: string): CancelCandidate => ({
  regime: 'in-ewaybill',
  state: 'REGISTERED',
  identifiers: { ewbNo: '331001234567', ewbDate },
  ackDate: null,
  ewbNo: '331001234567',
});

describe('the e-way bill cancel policy', () => {
  const generated = bill('05/03/2024 10:15:00 AM');

  it('allows a cancel up to 24 hours after generation', () => {
    expect(EWAYBILL_CANCEL_POLICY.refusal(generated, [], {}, ist('2024-03-06T10:15:00'))).toBeUndefined();
  });

  it("refuses with the e-way bill system's 728 a second after the 24 hours", () => {
    expect(EWAYBILL_CANCEL_POLICY.refusal(generated, [], {}, ist('2024-03-06T10:15:01'))).toMatchObject({
      code: '728',
      message: expect.stringContaining('within 24 hours of its generation (2024-03-05T10:15:00+05:30)'),
    });
  });

  it("declares the e-way bill system's reason codes, numbered unlike the e-invoice's", () => {
    expect(EWAYBILL_CANCEL_POLICY.reasons).toEqual({
      '1': 'duplicate',
      '2': 'order cancelled',
      '3': 'data entry mistake',
      '4': 'others',
    });
    expect(EWAYBILL_CANCEL_POLICY.remarkMaxLength).toBe(50);
  });
});
