import { type DocumentCharge, type InvoiceLine } from './canonical-invoice';
import { type FieldReader, type JsonObject, childPath, withoutUndefined } from './field-reader';
import { isNotifiedGstRate } from './gst-rates';
import { isServiceCode, isValidHsnFormat } from './hsn';
import { type InvoiceContext } from './invoice-context';
import { VAT_CATEGORIES } from './invoice-enums';
import { ATTRIBUTE_KEYS, BATCH_KEYS, CHARGE_KEYS, LINE_KEYS } from './invoice-keys';
import { dec } from './money';
import { isValidUqc, normaliseUnit } from './uqc';

export function readLines(r: FieldReader, root: JsonObject, ctx: InvoiceContext): InvoiceLine[] {
  const items = r.array(root, 'lines', '', true);
  if (!items) return [];
  if (items.length === 0) r.report('lines', 'lines.empty', 'an invoice needs at least one line');
  const lines = items.map((item, index) => readLine(r, item, childPath('lines', index), ctx));
  reportDuplicateLineNumbers(r, lines);
  return lines;
}

/** Document-level `charges`, or (same shape) KSA `allowances`. */
export function readCharges(
  r: FieldReader,
  root: JsonObject,
  key: 'charges' | 'allowances' = 'charges',
): DocumentCharge[] {
  const items = r.array(root, key, '', false) ?? [];
  return items.map((item, index) => {
    const path = childPath(key, index);
    const source = r.object(item, path, CHARGE_KEYS);
    if (!source) return { description: '', amount: '0' };
    return withoutUndefined({
      description: r.requiredString(source, 'description', path),
      amount: r.requiredDecimal(source, 'amount', path),
      reasonCode: r.optionalString(source, 'reasonCode', path),
      taxRate: r.optionalDecimal(source, 'taxRate', path),
      vatCategory: r.optionalEnum(source, 'vatCategory', path, VAT_CATEGORIES),
    });
  });
}

function readLine(r: FieldReader, item: unknown, path: string, ctx: InvoiceContext): InvoiceLine {
  const source = r.object(item, path, LINE_KEYS);
  if (!source) return placeholderLine();
  // Set field by field in the contract's order (the JSON keeps it), an optional one only when present: a
  // copy by withoutUndefined of a literal with every key was most of the cost of reading a line.
  const line = {} as InvoiceLine;
  line.lineNo = r.requiredInteger(source, 'lineNo', path, { min: 1 });
  line.description = r.requiredString(source, 'description', path);
  const hsnCode = r.optionalString(source, 'hsnCode', path);
  if (hsnCode !== undefined) line.hsnCode = hsnCode;
  line.isService = r.requiredBoolean(source, 'isService', path);
  if (ctx.country === 'IN' && line.isService) {
    // NIC needs Qty and Unit for goods only: a service line may state neither.
    const quantity = r.optionalDecimal(source, 'quantity', path);
    if (quantity !== undefined) line.quantity = quantity;
    const unit = r.optionalString(source, 'unit', path);
    if (unit !== undefined) line.unit = unit;
  } else {
    line.quantity = r.requiredDecimal(source, 'quantity', path);
    line.unit = r.requiredString(source, 'unit', path);
  }
  line.unitPrice = r.requiredDecimal(source, 'unitPrice', path);
  line.grossAmount = r.requiredDecimal(source, 'grossAmount', path);
  line.discount = r.decimalOrZero(source, 'discount', path);
  line.taxableValue = r.requiredDecimal(source, 'taxableValue', path);
  line.taxRate = r.requiredDecimal(source, 'taxRate', path);
  line.igstAmount = r.decimalOrZero(source, 'igstAmount', path);
  line.cgstAmount = r.decimalOrZero(source, 'cgstAmount', path);
  line.sgstAmount = r.decimalOrZero(source, 'sgstAmount', path);
  line.cessRate = r.decimalOrZero(source, 'cessRate', path);
  line.cessAmount = r.decimalOrZero(source, 'cessAmount', path);
  line.cessNonAdvolAmount = r.decimalOrZero(source, 'cessNonAdvolAmount', path);
  line.stateCessRate = r.decimalOrZero(source, 'stateCessRate', path);
  line.stateCessAmount = r.decimalOrZero(source, 'stateCessAmount', path);
  line.stateCessNonAdvolAmount = r.decimalOrZero(source, 'stateCessNonAdvolAmount', path);
  line.vatAmount = r.decimalOrZero(source, 'vatAmount', path);
  line.otherCharges = r.decimalOrZero(source, 'otherCharges', path);
  line.totalAmount = r.requiredDecimal(source, 'totalAmount', path);
  const vatCategory = r.optionalEnum(source, 'vatCategory', path, VAT_CATEGORIES);
  if (vatCategory !== undefined) line.vatCategory = vatCategory;
  const exemptionReasonCode = r.optionalString(source, 'exemptionReasonCode', path);
  if (exemptionReasonCode !== undefined) line.exemptionReasonCode = exemptionReasonCode;
  const exemptionReason = r.optionalString(source, 'exemptionReason', path);
  if (exemptionReason !== undefined) line.exemptionReason = exemptionReason;
  const batch = readBatch(r, source, path);
  if (batch !== undefined) line.batch = batch;
  const attributes = readAttributes(r, source, path);
  if (attributes !== undefined) line.attributes = attributes;
  const barcode = r.optionalString(source, 'barcode', path);
  if (barcode !== undefined) line.barcode = barcode;
  const freeQuantity = r.optionalDecimal(source, 'freeQuantity', path);
  if (freeQuantity !== undefined) line.freeQuantity = freeQuantity;
  const preTaxValue = r.optionalDecimal(source, 'preTaxValue', path);
  if (preTaxValue !== undefined) line.preTaxValue = preTaxValue;
  checkHsn(r, source, line, path, ctx);
  if (ctx.country === 'IN') checkIndianLine(r, source, line, path);
  if (ctx.country === 'SA') checkVatCategoryRate(r, source, line, path);
  return line;
}

function checkHsn(
  r: FieldReader,
  source: JsonObject,
  line: InvoiceLine,
  path: string,
  ctx: InvoiceContext,
): void {
  const hsnPath = childPath(path, 'hsnCode');
  const { hsnCode } = line;
  if (hsnCode === undefined) {
    const givenAsNonText = source.hsnCode != null && typeof source.hsnCode !== 'string';
    if (ctx.country === 'IN' && !givenAsNonText) {
      r.report(hsnPath, 'required', 'is required on an Indian invoice (HSN for goods, SAC for services)');
    }
    return;
  }
  if (!isValidHsnFormat(hsnCode)) {
    r.report(hsnPath, 'hsn.format', 'an HSN or SAC code has 4, 6 or 8 digits', hsnCode);
    return;
  }
  if (
    ctx.country === 'IN' &&
    typeof source.isService === 'boolean' &&
    line.isService !== isServiceCode(hsnCode)
  ) {
    const message = line.isService
      ? 'a service is classified by a SAC code, which starts with 99'
      : 'codes starting with 99 are services (SAC); set isService or use the goods HSN';
    r.report(hsnPath, 'hsn.serviceMismatch', message, hsnCode);
  }
}

function checkIndianLine(r: FieldReader, source: JsonObject, line: InvoiceLine, path: string): void {
  if (line.unit !== undefined && line.unit !== '' && !isValidUqc(line.unit)) {
    const suggestion = normaliseUnit(line.unit);
    const hint = suggestion ? `; "${line.unit}" is probably "${suggestion}"` : '';
    r.report(
      childPath(path, 'unit'),
      'uqc.invalid',
      `must be a GST unit quantity code (UQC) such as NOS or KGS${hint}`,
      line.unit,
    );
  }
  if (
    typeof source.taxRate === 'string' &&
    line.taxRate === source.taxRate &&
    !isNotifiedGstRate(line.taxRate)
  ) {
    r.report(
      childPath(path, 'taxRate'),
      'gstRate.notNotified',
      'is not a notified GST rate (0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40)',
      line.taxRate,
    );
  }
}

/** BR-S/Z/E/O: standard-rated lines carry a positive rate; zero-rated, exempt and out-of-scope carry 0. */
function checkVatCategoryRate(r: FieldReader, source: JsonObject, line: InvoiceLine, path: string): void {
  if (line.vatCategory === undefined || typeof source.taxRate !== 'string' || line.taxRate !== source.taxRate)
    return;
  const rateIsZero = dec(line.taxRate).isZero();
  if (line.vatCategory === 'S' && rateIsZero) {
    r.report(
      childPath(path, 'taxRate'),
      'vatCategory.rate',
      'a standard-rated (S) line needs a rate above 0',
      line.taxRate,
    );
  } else if (line.vatCategory !== 'S' && !rateIsZero) {
    r.report(
      childPath(path, 'taxRate'),
      'vatCategory.rate',
      `a line in VAT category ${line.vatCategory} has rate 0`,
      line.taxRate,
    );
  }
}

function reportDuplicateLineNumbers(r: FieldReader, lines: readonly InvoiceLine[]): void {
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    if (line.lineNo < 1) return;
    if (seen.has(line.lineNo)) {
      r.report(
        childPath(childPath('lines', index), 'lineNo'),
        'lineNo.duplicate',
        `line number ${line.lineNo} is used twice`,
        line.lineNo,
      );
    }
    seen.add(line.lineNo);
  });
}

function readBatch(r: FieldReader, owner: JsonObject, ownerPath: string): InvoiceLine['batch'] {
  const path = childPath(ownerPath, 'batch');
  const source = r.optionalObject(owner, 'batch', ownerPath, BATCH_KEYS);
  if (!source) return undefined;
  return withoutUndefined({
    name: r.requiredString(source, 'name', path),
    expiryDate: r.optionalDate(source, 'expiryDate', path),
    warrantyDate: r.optionalDate(source, 'warrantyDate', path),
  });
}

function readAttributes(r: FieldReader, owner: JsonObject, ownerPath: string): InvoiceLine['attributes'] {
  const items = r.array(owner, 'attributes', ownerPath, false);
  return items?.map((item, index) => {
    const path = childPath(childPath(ownerPath, 'attributes'), index);
    const source = r.object(item, path, ATTRIBUTE_KEYS);
    if (!source) return { name: '', value: '' };
    return { name: r.requiredString(source, 'name', path), value: r.requiredString(source, 'value', path) };
  });
}

function placeholderLine(): InvoiceLine {
  return {
    lineNo: 0,
    description: '',
    isService: false,
    quantity: '0',
    unit: '',
    unitPrice: '0',
    grossAmount: '0',
    discount: '0',
    taxableValue: '0',
    taxRate: '0',
    igstAmount: '0',
    cgstAmount: '0',
    sgstAmount: '0',
    cessRate: '0',
    cessAmount: '0',
    cessNonAdvolAmount: '0',
    stateCessRate: '0',
    stateCessAmount: '0',
    stateCessNonAdvolAmount: '0',
    vatAmount: '0',
    otherCharges: '0',
    totalAmount: '0',
  };
}
