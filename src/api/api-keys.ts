/**
 * The accepted API keys: from configuration, or, when none is configured (development), one generated
 * key kept in `<dataDir>/api-key` (mode 0600). The key itself is never logged, only where it is.
 */
import { Injectable, Logger } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { resolve } from 'node:path';
import { AppConfig } from '../config';
import { developmentSecret } from '../security';

@Injectable()
export class ApiKeys {
  private readonly keys: string[];

  constructor(config: AppConfig) {
    this.keys =
      config.security.apiKeys.length > 0 ? config.security.apiKeys : [developmentKey(config.server.dataDir)];
  }

  list(): readonly string[] {
    return this.keys;
  }

  /** Whether `given` is one of the keys (compared in constant time). */
  accepts(given: string | undefined): boolean {
    return given !== undefined && given !== '' && this.keys.some((key) => sameSecret(key, given));
  }
}

function sameSecret(a: string, b: string): boolean {
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

function developmentKey(dataDir: string): string {
  return developmentSecret(resolve(dataDir, 'api-key'), 24, (file) =>
    new Logger('Security').warn(`no security.apiKeys configured: generated a development API key in ${file}`),
  );
}
