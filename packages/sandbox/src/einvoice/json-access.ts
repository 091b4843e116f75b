/** Small readers for untrusted JSON bodies. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(source: JsonObject, key: string): JsonObject | undefined {
  const value = source[key];
  return isObject(value) ? value : undefined;
}

export function textAt(source: JsonObject | undefined, key: string): string | undefined {
  const value = source?.[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** Numbers as the IRP reads them: JSON numbers, or numeric strings. */
export function numberAt(source: JsonObject | undefined, key: string): number | undefined {
  const value = source?.[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** A query-string or header value as text ('' when absent or repeated). */
export function queryText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
