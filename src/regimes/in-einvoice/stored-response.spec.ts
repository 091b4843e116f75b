import { responseToStore } from './stored-response';

const details = {
  AckNo: 112010036563310,
  AckDt: '2026-11-21 10:15:00',
  Irn: 'a'.repeat(64),
  SignedInvoice: 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoie319.c2ln',
  SignedQRCode: 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoiIn0.c2ln',
  Status: 'ACT',
  EwbNo: null,
};

describe('responseToStore', () => {
  it('names where the signed copies are kept in a NIC envelope, and keeps everything else', () => {
    const envelope = { status_cd: '1', status_desc: null, data: details, info: [{ InfCd: 'EWBERR' }] };
    expect(responseToStore(envelope)).toEqual({
      status_cd: '1',
      status_desc: null,
      data: {
        ...details,
        SignedInvoice: 'stored in identifiers.signedInvoice',
        SignedQRCode: 'stored in identifiers.signedQrCode',
      },
      info: [{ InfCd: 'EWBERR' }],
    });
    expect(envelope.data.SignedInvoice).toBe(details.SignedInvoice); // the answer itself is not changed
  });

  it('does the same for catalog B details given directly', () => {
    expect(responseToStore(details)).toEqual({
      ...details,
      SignedInvoice: 'stored in identifiers.signedInvoice',
      SignedQRCode: 'stored in identifiers.signedQrCode',
    });
  });

  it('keeps answers without signed copies, and other values, as they are', () => {
    const rejection = { status_cd: '0', status_desc: '[{"ErrorCode":"2150"}]', data: null };
    expect(responseToStore(rejection)).toBe(rejection);
    expect(responseToStore({ data: { Irn: 'x' } })).toEqual({ data: { Irn: 'x' } });
    expect(responseToStore('text')).toBe('text');
    expect(responseToStore(null)).toBeNull();
    expect(responseToStore([details])).toEqual([details]);
  });
});
