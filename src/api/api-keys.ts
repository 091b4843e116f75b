/**
 * The accepted API keys: from configuration, or, when none is configured (development), one generated
 * key kept in `<dataDir>/api-key` (mode 0600). The key itself is never logged, only where it is.
 */
import { Injectable, Logger } from '@nestjs/common';
import { resolve } from 'node:path';
import { AppConfig } from '../config/app-config';
import { developmentSecret } from '../config/development-secret';

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
  return developmentSecret(resolve(dataDir, 'api-key'), 24, (file) =>
    new Logger('Security').warn(`no security.apiKeys configured: generated a development API key in ${file}`),
  );
}
