/** The regime's operations floor, reached from outside the regime through this face. */
export { CONSOLIDATE_OPERATION, ConsolidateRequest } from './consolidate.operation';
export { EWAYBILL_CANCEL_POLICY, EWAYBILL_CANCEL_WINDOW_PASSED } from './ewaybill-cancel-policy';
export {
  EWAYBILL_EXPIRY_CHECK,
  EWAYBILL_EXPIRY_CHECK_JOB,
  expiringBills,
  extendExpiringBills,
} from './expiry-check';
export type { AutoExtension, ExpiringBill } from './expiry-check';
export { EXTEND_OPERATION, ExtendRequest } from './extend.operation';
export { PART_B_OPERATION, PartBRequest } from './part-b.operation';
export { TRANSPORTER_OPERATION, TransporterRequest } from './transporter.operation';

import { CONSOLIDATE_OPERATION } from './consolidate.operation';
import { EXTEND_OPERATION } from './extend.operation';
import { PART_B_OPERATION } from './part-b.operation';
import { TRANSPORTER_OPERATION } from './transporter.operation';

/** What an operator may do to a registered e-way bill besides cancelling it. */
export const EWAYBILL_OPERATIONS = [
  PART_B_OPERATION,
  TRANSPORTER_OPERATION,
  EXTEND_OPERATION,
  CONSOLIDATE_OPERATION,
] as const;
