/**
 * A key check value: a fingerprint that tells whether two processes hold the same master key without
 * revealing it (HMAC-SHA256 of a fixed label under the key, as a KCV is a known text under the key). Kept
 * in the database, it lets a process refuse to start with a key other than the one the stored secrets
 * were sealed with.
 */
import { createHmac } from 'node:crypto';
import { SecretBox } from './secret-box';

const LABEL = 'erp-connector master key check v1';

/** 64 hex characters; the same for every spelling of one key (hex, base64, raw bytes). */
export function keyCheckValue(masterKey: string | Buffer): string {
  return createHmac('sha256', SecretBox.deriveKey(masterKey)).update(LABEL, 'utf8').digest('hex');
}
