/**
 * Signs SignedInvoice and SignedQRCode as NIC does: compact JWS, RS256, header {alg, kid, typ, x5t},
 * payload {data: "<JSON string>", iss}. The key pair is made at start; the public key is published so
 * clients verify what they receive.
 */
import {
  createHash,
  createSign,
  generateKeyPairSync,
  type KeyObject,
  createPrivateKey,
  createPublicKey,
} from 'node:crypto';

export const NIC_SANDBOX_ISSUER = 'NIC Sandbox';

export class NicSigner {
  private readonly privateKey: KeyObject;
  readonly publicKeyPem: string;
  private readonly header: string;

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
  }

  /** JWS over {data: JSON.stringify(data), iss}. */
  sign(data: unknown): string {
    const payload = base64Url(JSON.stringify({ data: JSON.stringify(data), iss: NIC_SANDBOX_ISSUER }));
    const signingInput = `${this.header}.${payload}`;
    const signature = createSign('RSA-SHA256').update(signingInput).sign(this.privateKey);
    return `${signingInput}.${signature.toString('base64url')}`;
  }
}

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
