/**
 * A problem with one field of an input document. Validation never throws on bad data: it returns
 * these, so one bad row or voucher is reported precisely while the rest of the batch goes on.
 */
export interface FieldError {
  /** Path of the field, dot/bracket notation from the document root, e.g. `lines[2].hsnCode`. */
  path: string;
  /** The offending value, stringified and truncated; never a secret. */
  value?: string;
  /** Machine-readable rule name, e.g. `gstin.checkDigit`, `required`, `decimal.scale`. */
  rule: string;
  /** Human-readable explanation. */
  message: string;
  /**
   * Where the value came from in the ERP's own record, when that is not the path: a CSV document's errors
   * carry canonical paths like a webhook's, and here the cell (`rows[7].BuyerGSTIN`).
   */
  source?: string;
  /**
   * The authority's own path for the field where the error was found in a regime's payload (NIC:
   * `ItemList[0].HsnCd`); `path` is then the canonical field it was mapped from, where there is one.
   */
  authorityPath?: string;
}

export function fieldError(path: string, rule: string, message: string, value?: unknown): FieldError {
  const error: FieldError = { path, rule, message };
  if (value !== undefined) {
    const text = typeof value === 'string' ? value : printable(value);
    error.value = text !== undefined && text.length > 200 ? `${text.slice(0, 200)}…` : text;
  }
  return error;
}

/** JSON text of a value, or a placeholder where it has none (too deep to print, a cycle, a BigInt). */
function printable(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return '(not printable)';
  }
}

/** Result of a normalisation or mapping step: a value, or field errors, never an exception. */
export type Outcome<T> =
  { ok: true; value: T; warnings?: FieldError[] } | { ok: false; errors: FieldError[] };
