export * from './nic-einvoice-v1.1.types';
export { mapToNicEinvoiceV11, buildNicEinvoiceV11, irnNotApplicable, todayInIndia } from './irn-v1.1.mapper';
export type { IrnMappingOptions, BuiltNicEinvoice } from './irn-v1.1.mapper';
export { validateNicEinvoiceV11 } from './irn-v1.1.rules';
export type { IrnValidation } from './irn-v1.1.rules';
export type { RuleOptions as IrnRuleOptions } from './rules/rule-context';
export { computeIrn, irnForInvoice } from './irn-hash';
export type { IrnFieldError } from './irn-field-error';
export { CarriedRounding } from './carried-rounding';
