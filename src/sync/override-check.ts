/**
 * What an operator may save as overrides: paths of the canonical invoice, with values it accepts. The
 * overrides are applied to the document's canonical invoice and the result validated, so a misspelt path
 * or a malformed value is refused when it is entered, with the field errors, instead of being stored and
 * silently changing nothing (or failing the next mapping). Only problems the overrides introduce are
 * reported: a stored invoice that a newer validator would fault does not block an unrelated fix.
 */
import type { CanonicalInvoice } from '../domain/canonical-invoice';
import { canonicalInvoiceErrors } from '../domain/canonical-invoice.validator';
import { fieldError, type FieldError } from '../domain/field-error';
import { INVOICE_KEYS } from '../domain/invoice-keys';
import { canonicalPathFor } from '../mappers/irn/canonical-paths';
import { applyOverrides, parsePath } from './overrides';

export function overrideProblems(
  canonical: CanonicalInvoice,
  saved: Record<string, unknown>,
  overrides: Record<string, unknown>,
): FieldError[] {
  const misplaced = Object.keys(overrides).flatMap((path) => notCanonical(path));
  if (misplaced.length > 0) return misplaced;
  const key = (error: FieldError): string => `${error.path}\u0000${error.rule}\u0000${error.message}`;
  const before = new Set(canonicalInvoiceErrors(applyOverrides(canonical, saved)).map(key));
  return canonicalInvoiceErrors(applyOverrides(canonical, { ...saved, ...overrides })).filter(
    (error) => !before.has(key(error)),
  );
}

/** A path that cannot name a canonical field; a NIC payload path is answered with its canonical source. */
function notCanonical(path: string): FieldError[] {
  const first = parsePath(path)[0];
  if (typeof first === 'string' && INVOICE_KEYS.includes(first)) return [];
  const source = canonicalPathFor(path);
  const hint = source
    ? `: ${path} is a field of the IRN payload, mapped from the canonical field ${source}`
    : ': overrides name canonical invoice fields, e.g. buyer.gstin or lines[0].hsnCode';
  return [fieldError(path, 'override.path', `not a field of the canonical invoice${hint}`)];
}
