export { EWAYBILL_API_PREFIX, EWAYBILL_BULK_LIMIT } from './ewaybill-api-routes';
export { ewayBillError, type EwayBillError, type EwayBillResult } from './ewaybill-errors';
export { EWAYBILL_GSP_BASE } from './ewaybill-gsp-routes';
export {
  CANCEL_WINDOW_MS,
  EXTENSION_WINDOW_MS,
  MAX_EXTENDED_DAYS,
  withinCancelWindow,
  withinExtensionWindow,
} from './ewaybill-rules';
export { EwayBillStore } from './ewaybill-store';
export type { ConsolidatedEwayBill, StoredEwayBill, VehicleEntry } from './ewaybill-store';
export { EwayBillSystem } from './ewaybill-system';
export type { EwayBillCaller } from './ewaybill-system';
export { ewayBillValidityDays, ewayBillValidUntilMs, istEndOfDayAfterMs } from './ewaybill-validity';
