/**
 * What an operator may save as overrides: paths of the canonical invoice, with values it accepts. Each
 * path is read against the canonical invoice's shape and the document's invoice first, touching no
 * object (see override-path); only then are the overrides applied to a copy and the result validated, so
 * a misspelt path, a path naming nothing or a malformed value is refused when it is entered, with the
 * field errors, instead of being stored and silently changing nothing (or failing the next mapping).
 * Only problems the overrides introduce are reported: a stored invoice that a newer validator would
 * fault does not block an unrelated fix.
 */
import { type CanonicalInvoice, canonicalInvoiceErrors, fieldError, type FieldError } from '../domain';
import { MAX_OVERRIDE_PATH_LENGTH, readOverridePath } from './override-path';
import { applyOverrides } from './overrides';

/** More than a document has fields worth overriding at once. */
const MAX_OVERRIDES = 500;

/**
 * Where a path that is not canonical comes from, when it names a field of a regime's wire format (the
 * regimes' override-path hints, RegimeDescriptor.overridePathHint).
 */
export type OverridePathHint = (path: string) => string | undefined;

export function overrideProblems(
  canonical: CanonicalInvoice,
  saved: Record<string, unknown>,
  overrides: Record<string, unknown>,
  hintFor: OverridePathHint = () => undefined,
): FieldError[] {
  const paths = Object.keys(overrides);
  if (paths.length === 0) return [fieldError('overrides', 'override.empty', 'no override given')];
  if (paths.length > MAX_OVERRIDES) {
    return [
      fieldError('overrides', 'override.count', `at most ${MAX_OVERRIDES} overrides at once`, paths.length),
    ];
  }
  const current = applyOverrides(canonical, saved);
  const misplaced = paths.flatMap((path) => pathProblems(path, current, hintFor));
  if (misplaced.length > 0) return misplaced;
  const key = (error: FieldError): string => `${error.path}\u0000${error.rule}\u0000${error.message}`;
  const before = new Set(canonicalInvoiceErrors(current).map(key));
  return canonicalInvoiceErrors(applyOverrides(canonical, { ...saved, ...overrides })).filter(
    (error) => !before.has(key(error)),
  );
}

/** Why a path cannot be overridden; a regime's wire-format path is answered with its canonical source. */
function pathProblems(path: string, invoice: CanonicalInvoice, hintFor: OverridePathHint): FieldError[] {
  const read = readOverridePath(path, invoice);
  if (read.ok) return [];
  const shown = path.length > MAX_OVERRIDE_PATH_LENGTH ? `${path.slice(0, 60)}…` : path;
  const hint =
    (path.length > MAX_OVERRIDE_PATH_LENGTH ? undefined : hintFor(path)) ??
    `${read.problem}; overrides name canonical invoice fields, e.g. buyer.gstin or lines[0].hsnCode`;
  return [fieldError(shown, 'override.path', `not a field of the canonical invoice: ${hint}`)];
}
