import type { ApiFieldError } from './api-types';

/** One line per field error: `path: message [rule] (value: ...)`, the path first so it can be grepped. */
export function formatFieldErrors(errors: readonly ApiFieldError[], indent = '  '): string {
  return errors
    .map((error) => {
      const rule = error.rule ? ` [${error.rule}]` : '';
      const value = error.value !== undefined ? ` (value: ${error.value})` : '';
      return `${indent}${error.path || '(document)'}: ${error.message}${rule}${value}\n`;
    })
    .join('');
}
