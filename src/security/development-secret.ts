/**
 * Development only: a random secret kept in a file (mode 0600) under the data dir, created on first use.
 * `onCreated` is told the file's path, never the secret.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export function developmentSecret(file: string, bytes: number, onCreated: (file: string) => void): string {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(bytes).toString('hex'), { mode: 0o600 });
    onCreated(file);
  }
  return readFileSync(file, 'utf8').trim();
}
