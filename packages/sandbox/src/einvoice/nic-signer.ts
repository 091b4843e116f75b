/**
 * Signs SignedInvoice and SignedQRCode as NIC does: compact JWS, RS256, header {alg, kid, typ, x5t},
 * payload {data: "<JSON string>", iss}. The key pair is made at start; the public key is published so
 * clients verify what they receive.
 *
 * An RS256 signature costs ~0.7 ms of CPU, two per IRN: `sign` runs it on libuv's thread pool, so a busy
 * sandbox signs on every core, as the real IRP (a scaled-out service) is never limited to one; done on
 * the event loop, the simulator's one thread capped a pipeline measured against it at ~640 IRNs/s.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign as rsaSign,
  type KeyObject,
} from 'node:crypto';

export const NIC_SANDBOX_ISSUER = 'NIC Sandbox';
const ISSUER_JSON = JSON.stringify(NIC_SANDBOX_ISSUER);
const DOT = 0x2e;

export class NicSigner {
  private readonly privateKey: KeyObject;
  readonly publicKeyPem: string;
  private readonly header: string;
  private readonly headerBytes: Buffer;

  constructor(privateKeyPem?: string) {
    this.privateKey = privateKeyPem
      ? createPrivateKey(privateKeyPem)
      : generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const publicKey = createPublicKey(this.privateKey);
    this.publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const thumbprint = createHash('sha1')
      .update(publicKey.export({ type: 'spki', format: 'der' }))
      .digest();
    this.header = base64Url(
      JSON.stringify({
        alg: 'RS256',
        kid: thumbprint.toString('hex').toUpperCase(),
        typ: 'JWT',
        x5t: thumbprint.toString('base64url'),
      }),
    );
    this.headerBytes = Buffer.from(this.header, 'latin1');
  }

  /**
   * JWS over {data: JSON.stringify(data), iss}, signed on the thread pool. The token is base64url
   * segments joined by dots: nothing in it is ever escaped in JSON.
   */
  sign(data: unknown): Promise<string> {
    const payload = payloadSegment(data);
    return new Promise((resolve, reject) =>
      rsaSign('sha256', this.signingInput(payload), this.privateKey, (error, signature) =>
        error ? reject(error) : resolve(`${this.header}.${payload}.${signature.toString('base64url')}`),
      ),
    );
  }

  /** The same, on the calling thread: for the occasional signature outside a registration. */
  signNow(data: unknown): string {
    const payload = payloadSegment(data);
    const signature = rsaSign('sha256', this.signingInput(payload), this.privateKey);
    return `${this.header}.${payload}.${signature.toString('base64url')}`;
  }

  /** The bytes signed, "header.payload": ASCII, copied in as they are (no string joined, no UTF-8). */
  private signingInput(payload: string): Buffer {
    const bytes = Buffer.allocUnsafe(this.headerBytes.length + 1 + payload.length);
    this.headerBytes.copy(bytes, 0);
    bytes[this.headerBytes.length] = DOT;
    bytes.write(payload, this.headerBytes.length + 1, 'latin1');
    return bytes;
  }
}

/** The payload segment: base64url of JSON.stringify({ data: JSON.stringify(data), iss }), written out. */
function payloadSegment(data: unknown): string {
  const text = JSON.stringify(data) as string | undefined;
  const payload =
    text === undefined ? `{"iss":${ISSUER_JSON}}` : `{"data":${JSON.stringify(text)},"iss":${ISSUER_JSON}}`;
  return base64Url(payload);
}

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
