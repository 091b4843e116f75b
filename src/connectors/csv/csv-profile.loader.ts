/**
 * Reads and checks CSV profiles. `parseProfile` is pure (YAML text in, profile out); `loadProfile` finds the
 * file by name (in the profiles directory) or by path. A bad profile is a `config` ConnectorError listing
 * every problem at once.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { DATE_FORMATS, type DateFormat } from '../../domain';
import { ConnectorError } from '../contract';
import { fieldKind } from './csv-fields';
import type { CsvEncoding, CsvLayout, CsvProfile, DeriveOptions, ProfileDirection } from './csv-profile';

const LAYOUTS: readonly CsvLayout[] = ['line-per-row', 'document-per-row'];
const ENCODINGS: readonly CsvEncoding[] = ['utf-8', 'utf-16le', 'latin1'];
const DIRECTIONS: readonly ProfileDirection[] = ['sales', 'purchase'];
const ENCODING_ALIASES: Record<string, CsvEncoding> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'utf-16le': 'utf-16le',
  utf16le: 'utf-16le',
  'utf-16': 'utf-16le',
  latin1: 'latin1',
  'iso-8859-1': 'latin1',
  'windows-1252': 'latin1',
  cp1252: 'latin1',
};

/** Fields a profile must map to a column, so documents can be told apart. */
const KEY_FIELDS: Record<ProfileDirection, string[]> = {
  sales: ['documentNumber'],
  purchase: ['supplierGstin', 'billNumber', 'billDate'],
};

const DERIVE_KEYS: readonly (keyof DeriveOptions)[] = [
  'grossAmount',
  'taxableValue',
  'taxSplit',
  'lineTotal',
  'totals',
  'stateFromGstin',
];

type YamlObject = Record<string, unknown>;

function isObject(value: unknown): value is YamlObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects problems while reading the YAML object, so the operator sees all of them at once. */
class ProfileReader {
  readonly problems: string[] = [];

  constructor(private readonly doc: YamlObject) {}

  string(key: string, fallback?: string): string {
    const value = this.doc[key];
    if (value === undefined || value === null) {
      if (fallback === undefined) this.problems.push(`"${key}" is required`);
      return fallback ?? '';
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      this.problems.push(`"${key}" must be text`);
      return fallback ?? '';
    }
    return String(value);
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
    const value = this.string(key, fallback);
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`"${key}" must be one of ${allowed.join(', ')} (got "${value}")`);
    return fallback;
  }

  integer(key: string, fallback: number): number {
    const value = this.doc[key];
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
    this.problems.push(`"${key}" must be a whole number >= 0`);
    return fallback;
  }

  /** A map of field path → text (numbers and booleans in YAML are taken as their text). */
  textMap(key: string): Record<string, string> {
    const value = this.doc[key];
    if (value === undefined || value === null) return {};
    if (!isObject(value)) {
      this.problems.push(`"${key}" must be a map`);
      return {};
    }
    const result: Record<string, string> = {};
    for (const [path, text] of Object.entries(value)) {
      if (typeof text === 'string' || typeof text === 'number' || typeof text === 'boolean') {
        result[path] = String(text);
      } else {
        this.problems.push(`"${key}.${path}" must be text`);
      }
    }
    return result;
  }

  valueMaps(): Record<string, Record<string, string>> {
    const value = this.doc.valueMaps;
    if (value === undefined || value === null) return {};
    if (!isObject(value)) {
      this.problems.push('"valueMaps" must be a map of field path → map');
      return {};
    }
    const result: Record<string, Record<string, string>> = {};
    for (const path of Object.keys(value)) {
      const inner = new ProfileReader(value).textMap(path);
      result[path] = Object.fromEntries(Object.entries(inner).map(([k, v]) => [k.trim().toLowerCase(), v]));
    }
    return result;
  }

  stringList(key: string): string[] {
    const value = this.doc[key];
    if (value === undefined || value === null) return [];
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
    this.problems.push(`"${key}" must be a list of field paths`);
    return [];
  }

  derive(): DeriveOptions {
    const value = this.doc.derive;
    const options: DeriveOptions = {
      grossAmount: true,
      taxableValue: true,
      taxSplit: true,
      lineTotal: true,
      totals: true,
      stateFromGstin: true,
    };
    if (value === undefined || value === null) return options;
    if (!isObject(value)) {
      this.problems.push('"derive" must be a map of option → true/false');
      return options;
    }
    for (const [key, flag] of Object.entries(value)) {
      if (!(DERIVE_KEYS as readonly string[]).includes(key)) {
        this.problems.push(`"derive.${key}" is unknown (known: ${DERIVE_KEYS.join(', ')})`);
      } else if (typeof flag !== 'boolean') {
        this.problems.push(`"derive.${key}" must be true or false`);
      } else {
        options[key as keyof DeriveOptions] = flag;
      }
    }
    return options;
  }
}

function checkFieldPaths(
  direction: ProfileDirection,
  section: string,
  paths: Iterable<string>,
  problems: string[],
): void {
  for (const path of paths) {
    if (!fieldKind(direction, path)) problems.push(`"${section}.${path}" is not a ${direction} field path`);
  }
}

/** Parses and checks one profile's YAML text; `source` names it in error messages. */
export function parseProfile(yamlText: string, source: string): CsvProfile {
  let doc: unknown;
  try {
    doc = parseYaml(yamlText);
  } catch (error) {
    throw new ConnectorError(
      'config',
      `CSV profile ${source} is not valid YAML: ${(error as Error).message}`,
    );
  }
  if (!isObject(doc)) throw new ConnectorError('config', `CSV profile ${source} must be a YAML map`);

  const reader = new ProfileReader(doc);
  const direction = reader.oneOf('direction', DIRECTIONS, 'sales');
  const encodingText = reader.string('encoding', 'utf-8').toLowerCase();
  const encoding = ENCODING_ALIASES[encodingText];
  if (!encoding) reader.problems.push(`"encoding" must be one of ${ENCODINGS.join(', ')}`);
  const profile: CsvProfile = {
    name: reader.string('name'),
    description: typeof doc.description === 'string' ? doc.description : undefined,
    direction,
    layout: reader.oneOf('layout', LAYOUTS, 'line-per-row'),
    delimiter: reader.string('delimiter', ','),
    encoding: encoding ?? 'utf-8',
    headerRow: reader.integer('headerRow', 1),
    dateFormat: reader.string('dateFormat', 'YYYY-MM-DD') as DateFormat,
    decimalSeparator: reader.oneOf('decimalSeparator', ['.', ','] as const, '.'),
    columns: reader.textMap('columns'),
    constants: reader.textMap('constants'),
    defaults: reader.textMap('defaults'),
    valueMaps: reader.valueMaps(),
    required: reader.stringList('required'),
    derive: reader.derive(),
  };
  const problems = reader.problems;

  if (profile.name && !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(profile.name)) {
    problems.push('"name" may hold only letters, digits, ".", "_" and "-" (it is part of document ids)');
  }
  if (!(DATE_FORMATS as readonly string[]).includes(profile.dateFormat)) {
    problems.push(`"dateFormat" must be one of ${DATE_FORMATS.join(', ')}`);
  }
  if (profile.delimiter.length !== 1) problems.push('"delimiter" must be one character');
  if (profile.delimiter === profile.decimalSeparator) {
    problems.push('"delimiter" and "decimalSeparator" must differ');
  }
  checkFieldPaths(direction, 'columns', Object.keys(profile.columns), problems);
  checkFieldPaths(direction, 'constants', Object.keys(profile.constants), problems);
  checkFieldPaths(direction, 'defaults', Object.keys(profile.defaults), problems);
  checkFieldPaths(direction, 'valueMaps', Object.keys(profile.valueMaps), problems);
  checkFieldPaths(direction, 'required', profile.required, problems);
  for (const path of Object.keys(profile.constants)) {
    if (profile.columns[path]) problems.push(`"${path}" is both a column and a constant; keep one`);
  }
  for (const key of KEY_FIELDS[direction]) {
    if (!profile.columns[key]) problems.push(`"columns.${key}" is required for a ${direction} profile`);
  }

  if (problems.length > 0) {
    throw new ConnectorError('config', `CSV profile ${source} is invalid: ${problems.join('; ')}`, {
      problems,
    });
  }
  return profile;
}

/** `config/csv-profiles` of this project, found upwards from this file (works from src/ and dist/). */
export function defaultProfilesDir(): string {
  let dir = __dirname;
  for (;;) {
    const candidate = join(dir, 'config', 'csv-profiles');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return resolve('config', 'csv-profiles');
    dir = parent;
  }
}

/** A profile given as a path (contains a slash or ends in .yaml/.yml) or as a name in `profilesDir`. */
export function resolveProfilePath(nameOrPath: string, profilesDir: string): string {
  const looksLikePath = /[\\/]/.test(nameOrPath) || /\.ya?ml$/i.test(nameOrPath);
  if (looksLikePath) return isAbsolute(nameOrPath) ? nameOrPath : resolve(nameOrPath);
  return join(profilesDir, `${nameOrPath}.yaml`);
}

export async function loadProfile(
  nameOrPath: string,
  profilesDir: string = defaultProfilesDir(),
): Promise<CsvProfile> {
  const path = resolveProfilePath(nameOrPath, profilesDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConnectorError('config', `CSV profile "${nameOrPath}" cannot be read at ${path}`, {
      cause: (error as Error).message,
    });
  }
  return parseProfile(text, path);
}
