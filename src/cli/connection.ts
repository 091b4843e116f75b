/**
 * Where the service is and which API key to send: `--url`, else CONNECTOR_URL, else localhost:3000;
 * `--api-key`, else CONNECTOR_API_KEY, else the development key the service writes to `.data/api-key`.
 * The key is only ever sent, never printed: messages name where it came from instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from './cli-error';
import { ExitCode, type CliIo } from './io';

export const DEFAULT_URL = 'http://localhost:3000';
export const DEV_KEY_FILE = '.data/api-key';

export interface Connection {
  url: string;
  apiKey: string;
  /** Where the key came from, for messages. */
  keySource: string;
}

export interface ConnectionOptions {
  url?: string;
  apiKey?: string;
}

export function resolveUrl(options: ConnectionOptions, io: Pick<CliIo, 'env'>): string {
  const raw = options.url ?? io.env.CONNECTOR_URL ?? DEFAULT_URL;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new CliError(`not a valid service URL: ${raw}`, ExitCode.usage);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new CliError(`the service URL must be http or https: ${raw}`, ExitCode.usage);
  return raw.replace(/\/+$/, '');
}

export function resolveConnection(options: ConnectionOptions, io: Pick<CliIo, 'env' | 'cwd'>): Connection {
  const url = resolveUrl(options, io);
  if (options.apiKey) return { url, apiKey: options.apiKey, keySource: '--api-key' };
  const fromEnv = io.env.CONNECTOR_API_KEY;
  if (fromEnv) return { url, apiKey: fromEnv, keySource: 'CONNECTOR_API_KEY' };
  const file = resolve(io.cwd, DEV_KEY_FILE);
  const fromFile = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (fromFile) return { url, apiKey: fromFile, keySource: file };
  throw new CliError(
    `no API key: pass --api-key, set CONNECTOR_API_KEY, or run from the service's directory (${DEV_KEY_FILE})`,
    ExitCode.usage,
  );
}
