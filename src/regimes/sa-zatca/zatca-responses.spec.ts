import { networkFailure } from './zatca-responses';

const socketError = (code: string): Error =>
  Object.assign(new Error(`connect ${code} 10.0.0.1:443`), { code });

describe('networkFailure (ZATCA calls that got no answer)', () => {
  it('an unreachable host never received the OTP call: transient, the OTP is still good', () => {
    const error = networkFailure('compliance-csid', socketError('EHOSTUNREACH'));
    expect(error).toMatchObject({ errorClass: 'transient', options: { code: 'EHOSTUNREACH' } });
  });

  it('an unreachable host never received the invoice: transient, not an unknown outcome', () => {
    expect(networkFailure('clearance', socketError('ENETUNREACH'))).toMatchObject({
      errorClass: 'transient',
    });
  });

  it('a reset after the OTP call left us may have spent the OTP', () => {
    expect(networkFailure('renew-csid', socketError('ECONNRESET'))).toMatchObject({
      errorClass: 'rejected',
      options: { code: 'OTP_MAYBE_SPENT' },
    });
  });

  it('a timeout on clearance is an unknown outcome', () => {
    expect(networkFailure('clearance', socketError('ECONNABORTED'))).toMatchObject({
      errorClass: 'unknown-outcome',
    });
  });
});
