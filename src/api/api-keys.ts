/**
 * The accepted API keys: from configuration, or, when none is configured (development), one generated
 * key kept in `<dataDir>/api-key` (mode 0600). The key itself is never logged, only where it is.
 */
import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppConfig } from '../config/app-config';

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
}

function developmentKey(dataDir: string): string {
  const file = resolve(dataDir, 'api-key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
    new Logger('Security').warn(`no security.apiKeys configured: generated a development API key in ${file}`);
  }
  return readFileSync(file, 'utf8').trim();
}
