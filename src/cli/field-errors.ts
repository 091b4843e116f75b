import type { ApiFieldError } from './api-types';

/**
 * One line per field error: `path: message [rule] (value: ...) {authority: NIC path}`, the path first so it
 * can be grepped; the path is the canonical one an override (PATCH /documents/:id/overrides, the console)
 * names. Errors stored before paths were canonical name it as `{fix: canonical path}`.
 */
export function formatFieldErrors(errors: readonly ApiFieldError[], indent = '  '): string {
  return errors
    .map((error) => {
      const rule = error.rule ? ` [${error.rule}]` : '';
      const value = error.value !== undefined ? ` (value: ${error.value})` : '';
      const fix =
        error.canonicalPath && error.canonicalPath !== error.path ? ` {fix: ${error.canonicalPath}}` : '';
      const authority =
        error.authorityPath && error.authorityPath !== error.path
          ? ` {authority: ${error.authorityPath}}`
          : '';
      return `${indent}${error.path || '(document)'}: ${error.message}${rule}${value}${fix}${authority}\n`;
    })
    .join('');
}
