export * from './nic-ewaybill-v1.03.types';
export {
  mapToNicEwaybillV103,
  mapToEwaybillByIrnDetails,
  ewaybillNotNeeded,
  EWAYBILL_SCHEMA_VERSION,
} from './ewaybill-v1.03.mapper';
export { ewaybillApplicability, consignmentValue, isEwaybillGoodsLine } from './ewaybill-applicability';
export type { EwaybillApplicability } from './ewaybill-applicability';
export { ewaybillRules, DEFAULT_EWAYBILL_THRESHOLD } from './ewaybill-settings';
export type { EwaybillRules } from './ewaybill-settings';
export { EWAYBILL_ITEM_LIMIT } from './ewaybill-items';
export { normaliseVehicleNumber } from './ewaybill-transport';
