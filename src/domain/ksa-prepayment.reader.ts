import { type KsaPrepayment, type KsaPrepaymentVat } from './canonical-invoice';
import { childPath, type FieldReader, type JsonObject, withoutUndefined } from './field-reader';
import { VAT_CATEGORIES } from './invoice-enums';
import { KSA_PREPAYMENT_KEYS, KSA_PREPAYMENT_VAT_KEYS } from './invoice-keys';

const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;

/** `ksa.prepayments`: the advance payment invoices a final invoice deducts (shape only; sums are the mapper's). */
export function readKsaPrepayments(r: FieldReader, ksa: JsonObject): KsaPrepayment[] | undefined {
  const path = 'ksa.prepayments';
  const items = r.array(ksa, 'prepayments', 'ksa', false);
  return items?.map((item, index) => {
    const itemPath = childPath(path, index);
    const source = r.object(item, itemPath, KSA_PREPAYMENT_KEYS);
    if (!source) return { documentNumber: '', issueDate: '', issueTime: '', vatBreakdown: [] };
    const prepayment: KsaPrepayment = withoutUndefined({
      documentNumber: r.requiredString(source, 'documentNumber', itemPath),
      uuid: r.optionalString(source, 'uuid', itemPath),
      issueDate: r.requiredDate(source, 'issueDate', itemPath),
      issueTime: r.requiredString(source, 'issueTime', itemPath),
      description: r.optionalString(source, 'description', itemPath),
      vatBreakdown: readBreakdown(r, source, itemPath),
    });
    if (prepayment.issueTime !== '' && !TIME_OF_DAY.test(prepayment.issueTime)) {
      r.report(
        childPath(itemPath, 'issueTime'),
        'time.format',
        'must be a time of day written HH:mm:ss (KSA-29)',
        prepayment.issueTime,
      );
    }
    return prepayment;
  });
}

function readBreakdown(r: FieldReader, owner: JsonObject, ownerPath: string): KsaPrepaymentVat[] {
  const path = childPath(ownerPath, 'vatBreakdown');
  const items = r.array(owner, 'vatBreakdown', ownerPath, true) ?? [];
  if (items.length === 0)
    r.report(path, 'required', 'at least one VAT category of the prepayment (KSA-31..34)');
  return items.map((item, index) => {
    const itemPath = childPath(path, index);
    const source = r.object(item, itemPath, KSA_PREPAYMENT_VAT_KEYS);
    if (!source) return { vatCategory: 'S', taxRate: '0', taxableAmount: '0', vatAmount: '0' };
    return withoutUndefined({
      vatCategory: r.requiredEnum(source, 'vatCategory', itemPath, VAT_CATEGORIES),
      taxRate: r.requiredDecimal(source, 'taxRate', itemPath),
      taxableAmount: r.requiredDecimal(source, 'taxableAmount', itemPath),
      vatAmount: r.requiredDecimal(source, 'vatAmount', itemPath),
      exemptionReasonCode: r.optionalString(source, 'exemptionReasonCode', itemPath),
      exemptionReason: r.optionalString(source, 'exemptionReason', itemPath),
    });
  });
}
