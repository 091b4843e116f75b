import { computeExactly, type ExactArithmetic } from '../../domain/decimal';
import { type IrnFieldError } from './irn-field-error';
import { type NicEinvoiceV11 } from './nic-einvoice-v1.1.types';
import { checkDocument } from './rules/document.rules';
import { checkFieldLimits } from './rules/field-limits.rules';
import { checkItems } from './rules/item.rules';
import { checkParties } from './rules/party.rules';
import { RuleContext, type RuleOptions } from './rules/rule-context';
import { checkSupplyType } from './rules/supply-type.rules';
import { checkTotals } from './rules/totals.rules';

export interface IrnValidation {
  /** Each would make the IRP reject the invoice; path is the NIC field, canonicalPath its ERP source. */
  errors: IrnFieldError[];
  /** Accepted by the IRP, but worth an operator's look. */
  warnings: IrnFieldError[];
}

/** The IRP's business rules that can be checked before sending (NIC error codes in `nicCode`). */
export function validateNicEinvoiceV11(payload: NicEinvoiceV11, options: RuleOptions): IrnValidation {
  return computeExactly((arithmetic) => validateNicEinvoiceV11With(arithmetic, payload, options));
}

/** validateNicEinvoiceV11 with the given arithmetic, which throws if it cannot hold a value exactly. */
export function validateNicEinvoiceV11With<V>(
  arithmetic: ExactArithmetic<V>,
  payload: NicEinvoiceV11,
  options: RuleOptions,
): IrnValidation {
  const context = new RuleContext(payload, options, arithmetic);
  checkDocument(context);
  checkParties(context);
  const items = checkItems(context);
  checkTotals(context, items);
  checkSupplyType(context);
  checkFieldLimits(context);
  return { errors: context.errors, warnings: context.warnings };
}
