/**
 * One path style for field errors wherever they come from: the canonical path, which an override names and
 * which CSV and webhook documents' errors carry, plus the authority's path where the error was found in a
 * regime's payload. A mapper error naming the payload field (`ItemList[0].HsnCd`) and its canonical source
 * (`canonicalPath: lines[0].hsnCode`) becomes `path: lines[0].hsnCode, authorityPath: ItemList[0].HsnCd`;
 * one with no single canonical source keeps the authority's path as its path, and says so.
 */
import type { FieldError } from '../domain';

export function inCanonicalStyle(error: FieldError & { canonicalPath?: string }): FieldError {
  const { canonicalPath, ...rest } = error;
  if (canonicalPath === undefined) {
    // Already canonical (the domain validator, the ZATCA rules), or a payload field with no single source.
    return rest.authorityPath === undefined && !looksCanonical(rest.path)
      ? { ...rest, authorityPath: rest.path }
      : rest;
  }
  return { ...rest, path: canonicalPath, authorityPath: error.path };
}

/** Canonical paths start with a lower-case field name; NIC's and UBL's with an upper-case one. */
function looksCanonical(path: string): boolean {
  return path === '' || /^[a-z]/.test(path);
}
