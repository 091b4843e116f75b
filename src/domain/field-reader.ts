import { isIsoDate } from './dates';
import { type FieldError, fieldError } from './field-error';
import { isDecimalString } from './money';

export type JsonObject = Record<string, unknown>;

export interface DecimalFieldOptions {
  allowNegative?: boolean;
}

export interface IntegerFieldOptions {
  min?: number;
  max?: number;
}

/**
 * Reads fields of untrusted JSON into typed values, recording a FieldError (with its full path)
 * for every problem instead of throwing. `null` counts as absent, as does an empty or blank
 * string in an optional text field. Required readers return a placeholder ("", "0", 0) after
 * reporting, so a caller can keep reading; a document with errors is never returned as valid.
 */
export class FieldReader {
  readonly errors: FieldError[] = [];
  /** Doubts that do not make the document invalid. */
  readonly warnings: FieldError[] = [];

  report(path: string, rule: string, message: string, value?: unknown): void {
    this.errors.push(fieldError(path, rule, message, value));
  }

  warn(path: string, rule: string, message: string, value?: unknown): void {
    this.warnings.push(fieldError(path, rule, message, value));
  }

  /** The value as an object whose keys are all in `allowedKeys`; each other key is reported. */
  object(value: unknown, path: string, allowedKeys: readonly string[]): JsonObject | undefined {
    if (!isPlainObject(value)) {
      this.report(path || '$', 'type.object', 'must be an object', value);
      return undefined;
    }
    const allowed = keySet(allowedKeys);
    for (const key of Object.keys(value)) {
      if (!allowed.has(key)) {
        this.report(
          childPath(path, key),
          'unknown.property',
          `unknown property "${key}" (misspelt?)`,
          value[key],
        );
      }
    }
    return value;
  }

  optionalObject(
    source: JsonObject,
    key: string,
    path: string,
    allowedKeys: readonly string[],
  ): JsonObject | undefined {
    const value = present(source[key]);
    return value === undefined ? undefined : this.object(value, childPath(path, key), allowedKeys);
  }

  requiredObject(
    source: JsonObject,
    key: string,
    path: string,
    allowedKeys: readonly string[],
  ): JsonObject | undefined {
    if (this.missing(source, key, path)) return undefined;
    return this.object(source[key], childPath(path, key), allowedKeys);
  }

  requiredString(source: JsonObject, key: string, path: string): string {
    if (this.missing(source, key, path)) return '';
    const value = this.text(source[key], path, key);
    if (value !== undefined && value.trim() === '') {
      this.report(childPath(path, key), 'required', 'must not be empty', value);
    }
    return value ?? '';
  }

  optionalString(source: JsonObject, key: string, path: string): string | undefined {
    const value = present(source[key]);
    if (value === undefined) return undefined;
    const text = this.text(value, path, key);
    return text === undefined || text.trim() === '' ? undefined : text;
  }

  requiredDecimal(source: JsonObject, key: string, path: string, opts: DecimalFieldOptions = {}): string {
    if (this.missing(source, key, path)) return '0';
    return this.decimal(source[key], path, key, opts) ?? '0';
  }

  /** A decimal that defaults to "0" when omitted. */
  decimalOrZero(source: JsonObject, key: string, path: string, opts: DecimalFieldOptions = {}): string {
    const value = present(source[key]);
    if (value === undefined) return '0';
    return this.decimal(value, path, key, opts) ?? '0';
  }

  optionalDecimal(
    source: JsonObject,
    key: string,
    path: string,
    opts: DecimalFieldOptions = {},
  ): string | undefined {
    const value = present(source[key]);
    return value === undefined ? undefined : this.decimal(value, path, key, opts);
  }

  requiredInteger(source: JsonObject, key: string, path: string, opts: IntegerFieldOptions = {}): number {
    if (this.missing(source, key, path)) return 0;
    return this.integer(source[key], path, key, opts) ?? 0;
  }

  optionalInteger(
    source: JsonObject,
    key: string,
    path: string,
    opts: IntegerFieldOptions = {},
  ): number | undefined {
    const value = present(source[key]);
    return value === undefined ? undefined : this.integer(value, path, key, opts);
  }

  requiredBoolean(source: JsonObject, key: string, path: string): boolean {
    if (this.missing(source, key, path)) return false;
    return this.boolean(source[key], path, key) ?? false;
  }

  booleanOr(source: JsonObject, key: string, path: string, fallback: boolean): boolean {
    return this.optionalBoolean(source, key, path) ?? fallback;
  }

  optionalBoolean(source: JsonObject, key: string, path: string): boolean | undefined {
    const value = present(source[key]);
    return value === undefined ? undefined : this.boolean(value, path, key);
  }

  requiredEnum<T extends string>(source: JsonObject, key: string, path: string, allowed: readonly T[]): T {
    if (this.missing(source, key, path)) return allowed[0];
    return this.enumValue(source[key], path, key, allowed) ?? allowed[0];
  }

  /** Like requiredEnum, but undefined (not a placeholder) when missing or invalid. */
  checkedEnum<T extends string>(
    source: JsonObject,
    key: string,
    path: string,
    allowed: readonly T[],
  ): T | undefined {
    if (this.missing(source, key, path)) return undefined;
    return this.enumValue(source[key], path, key, allowed);
  }

  optionalEnum<T extends string>(
    source: JsonObject,
    key: string,
    path: string,
    allowed: readonly T[],
  ): T | undefined {
    const value = present(source[key]);
    return value === undefined ? undefined : this.enumValue(value, path, key, allowed);
  }

  requiredDate(source: JsonObject, key: string, path: string): string {
    if (this.missing(source, key, path)) return '';
    return this.date(source[key], path, key) ?? '';
  }

  optionalDate(source: JsonObject, key: string, path: string): string | undefined {
    const value = present(source[key]);
    return value === undefined ? undefined : this.date(value, path, key);
  }

  /** The array at `key`, or undefined (reported when required, or when present but not an array). */
  array(source: JsonObject, key: string, path: string, required: boolean): unknown[] | undefined {
    const value = present(source[key]);
    if (value === undefined) {
      if (required) this.report(childPath(path, key), 'required', 'is required');
      return undefined;
    }
    if (!Array.isArray(value)) {
      this.report(childPath(path, key), 'type.array', 'must be an array', value);
      return undefined;
    }
    return value as unknown[];
  }

  private missing(source: JsonObject, key: string, path: string): boolean {
    if (present(source[key]) !== undefined) return false;
    this.report(childPath(path, key), 'required', 'is required');
    return true;
  }

  private text(value: unknown, path: string, key: string): string | undefined {
    if (typeof value === 'string') return value;
    this.report(childPath(path, key), 'type.string', 'must be a string', value);
    return undefined;
  }

  private decimal(value: unknown, path: string, key: string, opts: DecimalFieldOptions): string | undefined {
    if (typeof value === 'number') {
      // A number too large for a double (1e400) arrives as Infinity; one in exponent form (1e21) has no
      // plain decimal spelling to suggest.
      const asText = String(value);
      const message = !Number.isFinite(value)
        ? 'must be a decimal string such as "1180.50"; this JSON number is too large to represent (it overflows to infinity)'
        : isDecimalString(asText, { allowNegative: true })
          ? `must be a decimal string such as "${asText}", not a JSON number`
          : 'must be a decimal string such as "1180.50" (digits, optional point), not a JSON number';
      // JSON has no spelling for infinity: no value rather than the "null" it would be written as.
      this.report(
        childPath(path, key),
        'decimal.string',
        message,
        Number.isFinite(value) ? value : undefined,
      );
      return undefined;
    }
    if (!isDecimalString(value, { allowNegative: true })) {
      this.report(
        childPath(path, key),
        'decimal.format',
        'must be a decimal string such as "1180.50" (digits, optional point)',
        value,
      );
      return undefined;
    }
    if (!opts.allowNegative && value.startsWith('-')) {
      this.report(childPath(path, key), 'decimal.negative', 'must not be negative', value);
      return undefined;
    }
    return value;
  }

  private integer(value: unknown, path: string, key: string, opts: IntegerFieldOptions): number | undefined {
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.report(childPath(path, key), 'type.integer', 'must be a whole JSON number', value);
      return undefined;
    }
    const { min, max } = opts;
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
      const range = max === undefined ? `at least ${min}` : `between ${min ?? '-∞'} and ${max}`;
      this.report(childPath(path, key), 'number.range', `must be ${range}`, value);
      return undefined;
    }
    return value;
  }

  private boolean(value: unknown, path: string, key: string): boolean | undefined {
    if (typeof value === 'boolean') return value;
    this.report(childPath(path, key), 'type.boolean', 'must be true or false', value);
    return undefined;
  }

  private enumValue<T extends string>(
    value: unknown,
    path: string,
    key: string,
    allowed: readonly T[],
  ): T | undefined {
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    this.report(childPath(path, key), 'enum', `must be one of ${allowed.join(', ')}`, value);
    return undefined;
  }

  private date(value: unknown, path: string, key: string): string | undefined {
    if (isIsoDate(value)) return value;
    this.report(childPath(path, key), 'date.iso', 'must be a calendar date written YYYY-MM-DD', value);
    return undefined;
  }
}

const keySets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The allowed keys of a part of the invoice (a constant list) as a set, made once per list. */
function keySet(keys: readonly string[]): ReadonlySet<string> {
  let set = keySets.get(keys);
  if (!set) {
    set = new Set(keys);
    keySets.set(keys, set);
  }
  return set;
}

export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

function present(value: unknown): unknown {
  return value === null ? undefined : value;
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Drops keys whose value is undefined, so optional fields left out stay out of the JSON. The copy is
 * built from the kept keys, in their order, rather than by deleting from a full copy: deleting turns an
 * object into a slow dictionary-mode one, and every reader of the invoice then pays for it. It copies
 * string keys, as JSON has (the readers' records have no others); a "__proto__" key stays an own property.
 * The readers of the parts every invoice has (the invoice, its parties, addresses, lines and totals) skip
 * the literal and the copy altogether and set fields one by one; this is for the optional parts.
 */
export function withoutUndefined<T extends object>(value: T): T {
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const item = source[key];
    if (item === undefined) continue;
    if (key === '__proto__') {
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    } else {
      copy[key] = item;
    }
  }
  return copy as T;
}
