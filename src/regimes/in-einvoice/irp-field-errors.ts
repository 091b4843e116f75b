/**
 * Field errors for an IRP refusal whose code names the field at fault, so the operator is shown the
 * canonical field to fix in the ERP (path) with the NIC path kept beside it (authorityPath).
 */
import { irnError, type IrnFieldError } from '../../mappers/irn';
import type { IrpRejection } from '../../compliance';

/** IRP error code -> the NIC path it refuses (4009: an e-way bill cannot be generated for services). */
const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  '4009': 'EwbDtls',
};

export function irpFieldErrors(rejection: IrpRejection): IrnFieldError[] {
  return rejection.errors.flatMap((error) => {
    const nicPath = Object.hasOwn(FIELD_OF_CODE, error.code) ? FIELD_OF_CODE[error.code] : undefined;
    return nicPath ? [irnError(nicPath, `irp.${error.code}`, error.message, undefined, error.code)] : [];
  });
}
