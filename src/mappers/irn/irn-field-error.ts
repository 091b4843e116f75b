import { type FieldError, fieldError } from '../../domain';
import { canonicalPathFor } from './canonical-paths';

/**
 * A FieldError whose `path` is the NIC field (`ItemList[2].HsnCd`), plus where the value came from in
 * the CanonicalInvoice (`lines[2].hsnCode`) so an operator can fix it in the ERP, and the IRP error
 * code the IRP itself would answer with, when there is one.
 */
export interface IrnFieldError extends FieldError {
  canonicalPath?: string;
  nicCode?: string;
}

export function irnError(
  nicPath: string,
  rule: string,
  message: string,
  value?: unknown,
  nicCode?: string,
): IrnFieldError {
  const error: IrnFieldError = fieldError(
    nicPath,
    rule,
    nicCode ? `[${nicCode}] ${message}` : message,
    value,
  );
  const canonicalPath = canonicalPathFor(nicPath);
  if (canonicalPath) error.canonicalPath = canonicalPath;
  if (nicCode) error.nicCode = nicCode;
  return error;
}
