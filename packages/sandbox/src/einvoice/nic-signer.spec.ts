import { createPublicKey, verify } from 'node:crypto';
import { NIC_SANDBOX_ISSUER, NicSigner } from './nic-signer';

const signer = new NicSigner();
const DATA = {
  AckNo: 262100000629217,
  Irn: 'c06650816dcc994ef4b8824fed5bd9b0da4269ab5d0109a1d48bce3b2446de51',
  ItemList: [{ ItemNo: 0, PrdDesc: 'Almirah – ₹ "4 door" \\ \u2028 ünïcödé', Qty: 2.5 }],
};

function decode(segment: string): string {
  return Buffer.from(segment, 'base64url').toString('utf8');
}

describe('NicSigner', () => {
  it.each([
    ['on the thread pool', (data: unknown) => signer.sign(data)],
    ['on the calling thread', (data: unknown) => Promise.resolve(signer.signNow(data))],
  ])('signs %s an RS256 JWS over {data: JSON text, iss}, in base64url segments only', async (_how, sign) => {
    const token = await sign(DATA);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(decode(header))).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(decode(payload)).toBe(JSON.stringify({ data: JSON.stringify(DATA), iss: NIC_SANDBOX_ISSUER }));
    const publicKey = createPublicKey(signer.publicKeyPem);
    expect(
      verify('sha256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url')),
    ).toBe(true);
  });

  it('leaves data out of the payload when JSON has nothing to write for it, as JSON.stringify does', () => {
    const [, payload] = signer.signNow(undefined).split('.');
    expect(decode(payload)).toBe(JSON.stringify({ data: undefined, iss: NIC_SANDBOX_ISSUER }));
  });
});
