/** Reads and verifies NIC's signed tokens (SignedInvoice, SignedQRCode): RS256 JWS, payload {data, iss}. */
import { createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import { ComplianceError } from '../../compliance';
import { wireText } from '../../compliance';

export interface DecodedNicJws<T = unknown> {
  header: { alg?: string; kid?: string; typ?: string; x5t?: string };
  issuer: string;
  /** `data` parsed from its JSON string. */
  data: T;
}

export function decodeNicJws<T = unknown>(jws: string): DecodedNicJws<T> {
  const parts = jws.split('.');
  if (parts.length !== 3)
    throw new ComplianceError('config', 'signed token is not a compact JWS', { code: 'JWS_FORMAT' });
  const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as DecodedNicJws['header'];
  const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as {
    data?: unknown;
    iss?: unknown;
  };
  const data: unknown = typeof payload.data === 'string' ? JSON.parse(payload.data) : payload.data;
  return { header, issuer: wireText(payload.iss), data: data as T };
}

/** Throws a `config` ComplianceError when the signature does not verify with the IRP's public key. */
export function verifyNicJws<T = unknown>(jws: string, publicKey: string | KeyObject): DecodedNicJws<T> {
  const decoded = decodeNicJws<T>(jws);
  const [header, payload, signature] = jws.split('.');
  const key = typeof publicKey === 'string' ? publicKeyFromPem(publicKey) : publicKey;
  const valid =
    decoded.header.alg === 'RS256' &&
    createVerify('RSA-SHA256')
      .update(`${header}.${payload}`)
      .verify(key, Buffer.from(signature, 'base64url'));
  if (!valid) {
    throw new ComplianceError('config', 'IRP signature does not verify with the configured public key', {
      code: 'SIGNATURE_INVALID',
    });
  }
  return decoded;
}

/** Parsing a PEM costs more than the verification itself; a provider configures one or two keys. */
const parsedKeys = new Map<string, KeyObject>();

function publicKeyFromPem(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    if (parsedKeys.size >= 16) parsedKeys.clear();
    parsedKeys.set(pem, key);
  }
  return key;
}
