/**
 * The master key that seals secrets at rest (provider tokens, EGS keys and CSID secrets). From
 * `security.encryptionKey`; in development, generated once into `<dataDir>/master-key` (mode 0600).
 */
import { Injectable, Logger } from '@nestjs/common';
import { resolve } from 'node:path';
import { AppConfig } from '../config/app-config';
import { developmentSecret } from './development-secret';

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
  return developmentSecret(resolve(dataDir, 'master-key'), 32, (file) =>
    new Logger('Security').warn(
      `no security.encryptionKey configured: generated a development master key in ${file}`,
    ),
  );
}
