import type { ApiFieldError } from './api-types';

/**
 * One line per field error: `path: message [rule] (value: ...) {fix: canonical path}`, the path first so it
 * can be grepped; the canonical path is what an override (PATCH /documents/:id/overrides, the console) names.
 */
export function formatFieldErrors(errors: readonly ApiFieldError[], indent = '  '): string {
  return errors
    .map((error) => {
      const rule = error.rule ? ` [${error.rule}]` : '';
      const value = error.value !== undefined ? ` (value: ${error.value})` : '';
      const fix =
        error.canonicalPath && error.canonicalPath !== error.path ? ` {fix: ${error.canonicalPath}}` : '';
      return `${indent}${error.path || '(document)'}: ${error.message}${rule}${value}${fix}\n`;
    })
    .join('');
}
