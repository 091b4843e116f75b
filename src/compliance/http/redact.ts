/** Masks secrets before anything is logged or stored: credentials, tokens, keys, Authorization headers. */
export const REDACTED = '[REDACTED]';

const SECRET_KEY =
  /(secret|password|passwd|token|authorization|appkey|app_key|^sek$|api[-_]?key|x-api-secret|cookie|private)/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

export function redact<T>(value: T): T {
  return redactValue(value, new WeakSet()) as T;
}

function redactValue(value: unknown, seen: WeakSet<object>): unknown {
  if (Array.isArray(value)) return value.map((item) => redactValue(item, seen));
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[key] =
      isSecretKey(key) && inner !== undefined && inner !== null ? REDACTED : redactValue(inner, seen);
  }
  return copy;
}
