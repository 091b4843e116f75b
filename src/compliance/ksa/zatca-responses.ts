/** Small readers of ZATCA answers shared by the Fatoora and GSP clients. */
import type { ValidationMessage, ValidationResults } from './fatoora.types';

/** ZATCA's binarySecurityToken is base64 of the certificate's base64 DER text. */
export function certificateFromBinarySecurityToken(binarySecurityToken: string): string {
  return Buffer.from(binarySecurityToken, 'base64').toString('utf8').replace(/\s+/g, '');
}

export function readValidationMessages(results: Partial<ValidationResults> | undefined): { errors: ValidationMessage[]; warnings: ValidationMessage[] } {
  return {
    errors: [...(results?.errorMessages ?? [])],
    warnings: [...(results?.warningMessages ?? [])],
  };
}

export function retryAfterMs(header: unknown): number | undefined {
  if (typeof header !== 'string' && typeof header !== 'number') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(String(header));
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

const SECRET_KEYS = /secret|binarySecurityToken|otp|csr|authorization|password|privateKey/i;

/** A response body fit for storing with an error: secrets replaced, long strings cut. */
export function summariseBody(data: unknown, depth = 0): unknown {
  if (typeof data === 'string') return data.length > 2000 ? `${data.slice(0, 2000)}…` : data;
  if (Array.isArray(data)) return depth > 5 ? '[…]' : data.slice(0, 50).map((item) => summariseBody(item, depth + 1));
  if (data && typeof data === 'object') {
    if (depth > 5) return '{…}';
    return Object.fromEntries(
      Object.entries(data as Record<string, unknown>).map(([key, value]) => [key, SECRET_KEYS.test(key) ? '[redacted]' : summariseBody(value, depth + 1)]),
    );
  }
  return data;
}
