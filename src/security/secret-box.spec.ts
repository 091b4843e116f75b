import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const masterKey = randomBytes(32).toString('base64');
  const box = new SecretBox(masterKey);

  it('seals and opens, with a fresh IV each time', () => {
    const a = box.seal('-----BEGIN EC PRIVATE KEY-----', 'egs-1');
    const b = box.seal('-----BEGIN EC PRIVATE KEY-----', 'egs-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('PRIVATE');
    expect(box.open(a, 'egs-1')).toBe('-----BEGIN EC PRIVATE KEY-----');
  });

  it('does not open with another context, another key, or after tampering', () => {
    const sealed = box.seal('secret', 'egs-1');
    expect(() => box.open(sealed, 'egs-2')).toThrow(/cannot open/);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'egs-1')).toThrow(/cannot open/);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('SECRET').toString('base64url');
    expect(() => box.open(parts.join('.'), 'egs-1')).toThrow(/cannot open/);
    expect(() => box.open('plain text', 'egs-1')).toThrow(/not a sealed value/);
  });

  it('accepts hex keys and never shows the key', () => {
    const hex = randomBytes(32).toString('hex');
    const hexBox = new SecretBox(hex);
    expect(hexBox.open(hexBox.seal('x'))).toBe('x');
    expect(`${String(hexBox)} ${JSON.stringify({ hexBox })}`).not.toContain(hex);
    expect(() => new SecretBox('')).toThrow(/missing/);
  });
});
