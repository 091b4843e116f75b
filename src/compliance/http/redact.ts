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

/** A form-urlencoded body (an OAuth2 token request): the values of secret fields masked. */
const FORM = /^[\w.-]+=[^&]*(&[\w.-]+=[^&]*)*$/;

function redactForm(text: string): string {
  return text
    .split('&')
    .map((pair) => {
      const [key] = pair.split('=', 1);
      return isSecretKey(decodeURIComponent(key)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
}

function redactValue(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return FORM.test(value) ? redactForm(value) : value;
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
