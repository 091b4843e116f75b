/**
 * The master key that seals secrets at rest (provider tokens, EGS keys and CSID secrets). From
 * `security.encryptionKey`; in development, generated once into `<dataDir>/master-key` (mode 0600).
 */
import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppConfig } from '../config/app-config';

@Injectable()
export class MasterKey {
  readonly value: string;

  constructor(config: AppConfig) {
    this.value = config.security.encryptionKey || developmentMasterKey(config.server.dataDir);
  }

  toJSON(): string {
    return '[redacted]';
  }
}

function developmentMasterKey(dataDir: string): string {
  const file = resolve(dataDir, 'master-key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
    new Logger('Security').warn(
      `no security.encryptionKey configured: generated a development master key in ${file}`,
    );
  }
  return readFileSync(file, 'utf8').trim();
}
