export { startTallySimulator, type TallySimulator, type TallySimulatorOptions } from './tally-simulator';
export { generateCompany, makeGstin, type SimCompany } from './sim-company';
export { badKindOf, voucherGuid, voucherMeta, type SimVoucherType } from './sim-vouchers';
export { ledgerRecords, stockItemRecords } from './sim-masters';
export { voucherXml } from './sim-vouchers';
