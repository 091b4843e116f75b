/** The e-way bill a registered in-ewaybill submission holds, as its operations read it. */
import { istDateTime, type ComplianceIdentifiers } from '../../../domain';
import type { OperationRefusal, OperationTarget } from '../../../compliance';

export function ewbNoOf(target: OperationTarget): string | undefined {
  return target.identifiers.ewbNo;
}

/** Refuses when a target holds no e-way bill number (a registration that never got one). */
export function withoutBill(targets: readonly OperationTarget[]): OperationRefusal | undefined {
  const missing = targets.find((target) => !ewbNoOf(target));
  if (!missing) return undefined;
  return { message: `submission ${missing.submissionId} holds no e-way bill number` };
}

/** The bill's e-way bill number, for a target the runner checked with `withoutBill`. */
export function billOf(target: OperationTarget): string {
  const ewbNo = ewbNoOf(target);
  if (!ewbNo) throw new Error(`submission ${target.submissionId} holds no e-way bill number`);
  return ewbNo;
}

/** The identifiers a new validity changes; undefined when the system gave none. */
export function validityChange(validUpto: string | undefined): ComplianceIdentifiers | undefined {
  return validUpto ? { ewbValidUpto: istDateTime(validUpto) } : undefined;
}
