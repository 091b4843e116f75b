/**
 * Marks a config property as secret: it is never logged, never returned by the API, and shown as
 * "[redacted]" wherever configuration is displayed.
 */
import 'reflect-metadata';

const SECRET_KEYS = Symbol('secretKeys');

export function Secret(): PropertyDecorator {
  return (target, propertyKey) => {
    const existing = (Reflect.getMetadata(SECRET_KEYS, target) as (string | symbol)[] | undefined) ?? [];
    Reflect.defineMetadata(SECRET_KEYS, [...existing, propertyKey], target);
  };
}

export function secretKeysOf(instance: object): string[] {
  const keys = (Reflect.getMetadata(SECRET_KEYS, instance) as (string | symbol)[] | undefined) ?? [];
  return keys.map(String);
}

const SECRET_NAME =
  /secret|password|passwd|token|apikey|api_key|apiKeys|privatekey|private_key|otp|sek|appkey/i;

/**
 * Deep copy with secrets replaced: properties marked with @Secret() on class instances, and any property
 * whose name looks secret on plain objects (defence in depth for free-form connector config).
 */
export function redactSecrets<T>(value: T): T {
  return redact(value, new WeakSet()) as T;
}

function redact(value: unknown, seen: WeakSet<object>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, seen));
  const marked = new Set(secretKeysOf(value));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (inner === undefined) continue;
    out[key] = marked.has(key) || SECRET_NAME.test(key) ? '[redacted]' : redact(inner, seen);
  }
  return out;
}
