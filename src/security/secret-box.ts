/**
 * Encryption at rest for EGS private keys and CSID secrets: AES-256-GCM with a master key from config.
 * A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url parts), self-describing and safe in a text
 * column. An optional context (e.g. the EGS unit id) is bound as associated data, so a sealed key copied
 * to another unit's row does not open. The master key never appears in errors, logs or `toString`.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class SecretBox {
  readonly #key: Buffer;

  /**
   * @param masterKey 32 bytes as base64 or hex (64 chars); any other text is stretched with SHA-256,
   * which is acceptable only for development passphrases.
   */
  constructor(masterKey: string | Buffer) {
    this.#key = SecretBox.deriveKey(masterKey);
  }

  static deriveKey(masterKey: string | Buffer): Buffer {
    if (Buffer.isBuffer(masterKey)) {
      if (masterKey.length !== 32) throw new Error('secret-box master key must be 32 bytes');
      return Buffer.from(masterKey);
    }
    if (!masterKey) throw new Error('secret-box master key is missing');
    if (/^[0-9a-f]{64}$/i.test(masterKey)) return Buffer.from(masterKey, 'hex');
    const base64 = Buffer.from(masterKey, 'base64');
    if (base64.length === 32 && /^[A-Za-z0-9+/_-]{43}=?$/.test(masterKey)) return base64;
    return createHash('sha256').update(masterKey, 'utf8').digest();
  }

  seal(plaintext: string, context = ''): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string, context = ''): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
      throw new Error('secret-box: not a sealed value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new Error('secret-box: cannot open (wrong master key, wrong context or tampered value)');
    }
  }

  toString(): string {
    return 'SecretBox(aes-256-gcm, key redacted)';
  }

  toJSON(): string {
    return this.toString();
  }
}
