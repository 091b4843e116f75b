/**
 * Reads an operation's request body into its class-validator class: the value, or one field error per
 * bad field (path, value, rule, message) and per field the class does not know.
 */
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import type { FieldError, Outcome } from '../domain';

export async function parseOperationRequest<R extends object>(
  requestClass: new () => R,
  body: unknown,
): Promise<Outcome<R>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      errors: [{ path: '', rule: 'isObject', message: 'the request body must be an object' }],
    };
  }
  const request = plainToInstance(requestClass, body);
  const errors = await validate(request, { whitelist: true, forbidNonWhitelisted: true });
  return errors.length === 0 ? { ok: true, value: request } : { ok: false, errors: fieldErrorsOf(errors) };
}

/** class-validator's errors as field errors: `lines[0].quantity`, one entry per broken rule. */
export function fieldErrorsOf(errors: readonly ValidationError[], prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const path = !prefix
      ? error.property
      : /^\d+$/.test(error.property)
        ? `${prefix}[${error.property}]`
        : `${prefix}.${error.property}`;
    for (const [rule, message] of Object.entries(error.constraints ?? {})) {
      out.push({
        path,
        rule,
        message,
        value: error.value === undefined ? undefined : JSON.stringify(error.value)?.slice(0, 200),
      });
    }
    if (error.children?.length) out.push(...fieldErrorsOf(error.children, path));
  }
  return out;
}
