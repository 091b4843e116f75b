/**
 * The master key that seals secrets at rest (provider tokens, EGS keys and CSID secrets). From
 * `security.encryptionKey`; in development, generated once into `<dataDir>/master-key` (mode 0600).
 */
import { Logger } from '@nestjs/common';
import { resolve } from 'node:path';
import { developmentSecret } from './development-secret';

/**
 * The settings the master key is read from (AppConfig satisfies it). A shape rather than AppConfig
 * itself: config/ imports security/'s `@Secret()`, so security/ importing config/ would be a circle.
 */
export interface MasterKeySettings {
  readonly security: { readonly encryptionKey?: string };
  readonly server: { readonly dataDir: string };
}

/** Provided by a factory (`new MasterKey(config)`), not constructed by Nest from its parameter types. */
export class MasterKey {
  readonly value: string;

  constructor(settings: MasterKeySettings) {
    this.value = settings.security.encryptionKey || developmentMasterKey(settings.server.dataDir);
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
