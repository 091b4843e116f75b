/**
 * The one list of what is secret and the one way it is masked, used by the logs (pino and the compliance
 * HTTP log), by errors that carry a provider's answer, and by everything the API returns or the boot
 * prints of configuration. A property is secret when it is marked `@Secret()` on a config class or when
 * its name says so: credentials, tokens, keys, cookies, session ids, OTPs.
 */
import { secretKeysOf } from './secret.decorator';

export const REDACTED = '[redacted]';

/** Any name containing one of these, in any case, holds a secret (`client_secret`, `AuthToken`, `x-api-key`). */
const SECRET_PART = /secret|passw(or)?d|token|authori[sz]ation|cookie|private|api[-_]?keys?|app[-_]?key/i;

/**
 * Short names that are secret as a whole word only (`otp`, `OTP`, `otpValue`; not `notPresent`): the
 * taxpayer's one-time password, NIC's session encryption key, a certificate request, a return gateway
 * session id.
 */
const SECRET_WORDS = new Set(['otp', 'sek', 'csr', 'txn']);

/** Request headers that carry a credential, for loggers that mask by path (pino). */
export const SECRET_HEADERS = ['authorization', 'cookie', 'x-api-key', 'x-webhook-signature'] as const;

export function isSecretKey(key: string): boolean {
  if (SECRET_PART.test(key)) return true;
  if ((SECRET_HEADERS as readonly string[]).includes(key.toLowerCase())) return true;
  return words(key).some((word) => SECRET_WORDS.has(word));
}

function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
}

/** Deep copy of `value` with every secret replaced by REDACTED; the value itself is left as it was. */
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
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, seen));
  // An error's message and name are not enumerable; its enumerable fields (an HTTP error's request
  // config with its headers) are redacted like any object's.
  if (value instanceof Error)
    return { name: value.name, message: value.message, ...(redactValue({ ...value }, seen) as object) };
  // @Secret() marks live on config class instances; plain objects (most of what is logged) have none.
  const marked = Object.getPrototypeOf(value) === Object.prototype ? undefined : new Set(secretKeysOf(value));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined) continue;
    copy[key] =
      inner !== null && (marked?.has(key) || isSecretKey(key)) ? REDACTED : redactValue(inner, seen);
  }
  return copy;
}
