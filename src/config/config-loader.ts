/**
 * Loads configuration: `config/default.yaml`, then `CONFIG_FILE` merged over it, then environment
 * overrides; `${VAR}` inside YAML strings is replaced from the environment (so secrets stay out of
 * files). Validation failures stop the boot with every setting named, its value (unless secret) and rule.
 */
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse, YAMLParseError } from 'yaml';
import { AppConfig } from './app-config';
import { secretKeysOf } from '../security';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Plain = Record<string, unknown>;
type Env = Record<string, string | undefined>;

export function defaultConfigPath(): string {
  return resolve(__dirname, '..', '..', 'config', 'default.yaml');
}

export function loadConfig(env: Env = process.env, basePath = defaultConfigPath()): AppConfig {
  let raw = readYaml(basePath);
  if (env.CONFIG_FILE) raw = deepMerge(raw, readYaml(resolve(env.CONFIG_FILE)));
  raw = applyEnvOverrides(interpolate(raw, env) as Plain, env);
  return validateConfig(raw);
}

export function validateConfig(raw: Plain): AppConfig {
  const config = plainToInstance(AppConfig, raw, { exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) throw new ConfigError(flattenErrors(errors, ''));
  return config;
}

function readYaml(path: string): Plain {
  if (!existsSync(path)) throw new ConfigError([`config file ${path} does not exist`]);
  const parsed = parseYaml(path);
  if (parsed === null || parsed === undefined) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError([`config file ${path} must hold a mapping at the top level`]);
  }
  return parsed as Plain;
}

/** A syntax error is one line: the file, the line and column, and what the parser expected. */
function parseYaml(path: string): unknown {
  try {
    return parse(readFileSync(path, 'utf8'));
  } catch (error) {
    if (!(error instanceof YAMLParseError)) throw error;
    const at = error.linePos?.[0];
    const where = at ? ` line ${at.line}, column ${at.col}` : '';
    const what = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    throw new ConfigError([`config file ${path}${where}: YAML syntax error: ${what}`]);
  }
}

function interpolate(value: unknown, env: Env): unknown {
  if (typeof value === 'string') {
    return value.replace(
      /\$\{([A-Z0-9_]+)(:-([^}]*))?\}/g,
      (_match, name: string, hasDefault?: string, fallback?: string) => {
        const replacement = env[name] ?? (hasDefault ? (fallback ?? '') : undefined);
        if (replacement === undefined)
          throw new ConfigError([`environment variable ${name} is referenced but not set`]);
        return replacement;
      },
    );
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  }
  return value;
}

const ENV_OVERRIDES: { env: string; path: string[]; parse: (text: string) => unknown }[] = [
  { env: 'PORT', path: ['server', 'port'], parse: toNumber },
  { env: 'PROCESS_ROLES', path: ['server', 'roles'], parse: toList },
  { env: 'DATA_DIR', path: ['server', 'dataDir'], parse: (t) => t },
  { env: 'HEAP_GROWING_PERCENT', path: ['server', 'heapGrowingPercent'], parse: toNumber },
  { env: 'DATABASE_URL', path: ['database', 'url'], parse: (t) => t },
  { env: 'API_KEYS', path: ['security', 'apiKeys'], parse: toList },
  { env: 'ENCRYPTION_KEY', path: ['security', 'encryptionKey'], parse: (t) => t },
  { env: 'SANDBOX_ENABLED', path: ['sandbox', 'enabled'], parse: toBoolean },
  { env: 'QUEUE_BATCH_SIZE', path: ['queue', 'batchSize'], parse: toNumber },
];

function applyEnvOverrides(raw: Plain, env: Env): Plain {
  let result = raw;
  for (const override of ENV_OVERRIDES) {
    const text = env[override.env];
    if (text === undefined || text === '') continue;
    result = deepMerge(result, nest(override.path, override.parse(text)));
  }
  return result;
}

function toNumber(text: string): unknown {
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

function toList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function toBoolean(text: string): unknown {
  if (/^(1|true|yes|on)$/i.test(text)) return true;
  if (/^(0|false|no|off)$/i.test(text)) return false;
  return text;
}

function nest(path: string[], value: unknown): Plain {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Plain;
}

function deepMerge(base: Plain, over: Plain): Plain {
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const existing = out[key];
    out[key] = isPlain(existing) && isPlain(value) ? deepMerge(existing, value) : value;
  }
  return out;
}

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "server.port: must not be greater than 65535 (value: 70000)"; secret values are not shown. */
export function flattenErrors(errors: ValidationError[], prefix: string): string[] {
  const lines: string[] = [];
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const secret = error.target ? secretKeysOf(error.target).includes(error.property) : false;
    for (const message of Object.values(error.constraints ?? {})) {
      const shown = secret ? '[redacted]' : JSON.stringify(error.value);
      lines.push(`${path}: ${message.replace(/^[\w.[\]]+ /, '')} (value: ${shown})`);
    }
    if (error.children?.length) lines.push(...flattenErrors(error.children, path));
  }
  return lines;
}
