import { readNetworkFailure } from './network-failure';

const failure = (code: string): Error => Object.assign(new Error(`connect ${code}`), { code });

describe('readNetworkFailure', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])(
    '%s: no connection was made, so nothing reached the server',
    (code) => {
      expect(readNetworkFailure(failure(code))).toMatchObject({ code, neverSent: true, timedOut: false });
    },
  );

  it.each(['ECONNABORTED', 'ETIMEDOUT'])('%s: a timeout, the request may have been applied', (code) => {
    expect(readNetworkFailure(failure(code))).toMatchObject({ code, neverSent: false, timedOut: true });
  });

  it('a reset mid-answer may have been applied', () => {
    expect(readNetworkFailure(failure('ECONNRESET'))).toMatchObject({ neverSent: false, timedOut: false });
  });

  it("reads a wrapped socket error's code (fetch's `cause`)", () => {
    const wrapped = new TypeError('fetch failed', { cause: failure('EHOSTUNREACH') });
    expect(readNetworkFailure(wrapped)).toMatchObject({ code: 'EHOSTUNREACH', neverSent: true });
  });

  it('an error without a code is NETWORK, maybe sent', () => {
    expect(readNetworkFailure(new Error('socket hang up'))).toMatchObject({
      code: 'NETWORK',
      neverSent: false,
    });
  });
});
