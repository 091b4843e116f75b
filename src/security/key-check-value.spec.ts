import { randomBytes } from 'node:crypto';
import { keyCheckValue } from './key-check-value';

describe('keyCheckValue', () => {
  it('is the same for one key however it is spelt, different for another key, and never the key', () => {
    const key = randomBytes(32);
    const value = keyCheckValue(key);
    expect(keyCheckValue(key.toString('hex'))).toBe(value);
    expect(keyCheckValue(key.toString('base64'))).toBe(value);
    expect(keyCheckValue(randomBytes(32))).not.toBe(value);
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(value).not.toContain(key.toString('hex'));
  });
});
