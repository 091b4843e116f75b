import type { CancelCandidate } from '../../compliance';
import { EINVOICE_DESCRIPTOR } from './einvoice.descriptor';

const ACK = '2026-11-20 10:00:00';
const ACKED_AT = Date.UTC(2026, 10, 20, 4, 30); // 10:00 IST

function irn(overrides: Partial<CancelCandidate> = {}): CancelCandidate {
  return {
    regime: 'in-einvoice',
    state: 'WRITTEN_BACK',
    identifiers: {},
    ackDate: ACK,
    ewbNo: null,
    ...overrides,
  };
}

describe('the in-einvoice descriptor', () => {
  const policy = EINVOICE_DESCRIPTOR.cancelPolicy!;

  it('refuses a cancel after 24 hours with NIC 2270, and while an e-way bill of the document is active with 2230', () => {
    expect(policy.refusal(irn(), [], {}, ACKED_AT + 23 * 3600_000)).toBeUndefined();
    expect(policy.refusal(irn(), [], {}, ACKED_AT + 25 * 3600_000)).toMatchObject({ code: '2270' });
    const ewaybill = irn({ regime: 'in-ewaybill', state: 'REGISTERED', ewbNo: '321000000001' });
    expect(policy.refusal(irn(), [ewaybill], {}, ACKED_AT)).toMatchObject({
      code: '2230',
      message: expect.stringContaining('321000000001'),
    });
    expect(policy.refusal(irn(), [{ ...ewaybill, state: 'CANCELLED' }], {}, ACKED_AT)).toBeUndefined();
  });

  it('asks the IRP about an e-way bill generated with the IRN unless it is known cancelled or the e-way bill API is configured', () => {
    const withEwb = irn({ identifiers: { ewbNo: '321000000002' } });
    expect(policy.needsAuthorityCheck!(withEwb, [], {})).toBe('321000000002');
    expect(policy.needsAuthorityCheck!(irn(), [], {})).toBeUndefined();
    const cancelled = irn({ regime: 'in-ewaybill', state: 'CANCELLED', ewbNo: '321000000002' });
    expect(policy.needsAuthorityCheck!(withEwb, [cancelled], {})).toBeUndefined();
    expect(policy.needsAuthorityCheck!(withEwb, [], { ewaybill: { baseUrl: 'x' } })).toBeUndefined();
  });

  it('projects IRN, AckNo, AckDt, QR and an e-way bill generated with the IRN, and no KSA column', () => {
    expect(
      EINVOICE_DESCRIPTOR.projectIdentifiers({
        irn: 'i',
        ackNo: 'a',
        ackDate: 'd',
        signedQrCode: 'q',
        ewbNo: 'e',
      }),
    ).toEqual({ irn: 'i', ackNo: 'a', ackDate: 'd', signedQr: 'q', ewbNo: 'e', validUpto: null });
  });

  it('answers an IRN payload path with the canonical field it is mapped from', () => {
    expect(EINVOICE_DESCRIPTOR.overridePathHint!('ItemList[0].HsnCd')).toBe(
      'ItemList[0].HsnCd is a field of the IRN payload, mapped from the canonical field lines[0].hsnCode',
    );
    expect(EINVOICE_DESCRIPTOR.overridePathHint!('buyer.nickname')).toBeUndefined();
  });
});
