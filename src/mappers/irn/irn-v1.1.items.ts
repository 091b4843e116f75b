import { type CanonicalInvoice, type InvoiceLine, isServiceCode } from '../../domain';
import { type CanonicalReader } from './canonical-reader';
import { CarriedRoundingColumn } from './carried-rounding';
import { dropUndefined } from './drop-undefined';
import { type ExactArithmetic, exactConstant } from '../../domain/decimal';
import { type IrnFieldError, irnError } from './irn-field-error';
import { itemPath } from './item-path';
import { ITEM_DESCRIPTION_LIMIT } from './nic-einvoice-v1.1.limits';
import { type NicAttribDtls, type NicBchDtls, type NicItem } from './nic-einvoice-v1.1.types';
import { nicFreeText } from './nic-free-text';
import { nicText } from './nic-text';
import { AMOUNT_PLACES, QUANTITY_PLACES, RATE_PLACES } from './wire-number';

type Batch = NonNullable<InvoiceLine['batch']>;
type Attribute = NonNullable<InvoiceLine['attributes']>[number];

/** Item sums that ValDtls reports: each is the exact sum of the rounded item values. */
export interface ItemTotals<V> {
  assessable: V;
  cgst: V;
  sgst: V;
  igst: V;
  cess: V;
  stateCess: V;
}

export interface MappedItems<V> {
  items: NicItem[];
  totals: ItemTotals<V>;
  warnings: IrnFieldError[];
}

/** Largest gap between gross - discount and the ERP's taxable value that is still rounding, not data. */
const ASSESSABLE_TOLERANCE = '0.01';

/**
 * Maps lines to ItemList. Amounts are converted to INR with `toInr` (1 for INR invoices) and rounded
 * per column with CarriedRounding, so the ValDtls sums equal the sums of the rounded items.
 * AssAmt and Discount come from the ERP; TotAmt is their sum so that AssAmt = TotAmt - Discount
 * (NIC 2193) holds to the paisa; a gross amount that disagrees by more than rounding is reported.
 * TotItemVal is recomputed from the rounded parts, including tax unless the ERP's own line total
 * excludes it where NIC allows that (reverse charge, EXPWP).
 */
export function mapItems<V>(
  invoice: CanonicalInvoice,
  toInr: V,
  reader: CanonicalReader<V>,
  taxMayBeExcluded: boolean,
): MappedItems<V> {
  const arithmetic = reader.arithmetic;
  const { plus, zero } = arithmetic;
  const columns = newColumns(arithmetic);
  const totals: ItemTotals<V> = {
    assessable: zero,
    cgst: zero,
    sgst: zero,
    igst: zero,
    cess: zero,
    stateCess: zero,
  };
  const assessableTolerance = exactConstant(arithmetic, ASSESSABLE_TOLERANCE);
  const warnings: IrnFieldError[] = [];
  const convertsCurrency = arithmetic.compare(toInr, arithmetic.one) !== 0;
  const items: NicItem[] = [];
  const lines = invoice.lines;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const path = itemPath(index);
    const amount = (value: string, field: string): V => {
      const exact = reader.decimal(value, path, field);
      return convertsCurrency ? arithmetic.times(exact, toInr) : exact;
    };
    const gross = amount(line.grossAmount, 'TotAmt');
    const discountExact = amount(line.discount, 'Discount');
    const assessableExact = amount(line.taxableValue, 'AssAmt');
    const grossLessDiscount = arithmetic.minus(gross, discountExact);
    if (
      arithmetic.compare(grossLessDiscount, assessableExact) !== 0 &&
      arithmetic.compare(
        arithmetic.abs(arithmetic.minus(grossLessDiscount, assessableExact)),
        assessableTolerance,
      ) > 0
    ) {
      reader.errors.push(
        irnError(
          `${path}.AssAmt`,
          'irn.item.assessableValue',
          `taxable value ${line.taxableValue} is not gross ${line.grossAmount} less discount ${line.discount}`,
          line.taxableValue,
          '2193',
        ),
      );
    }
    const assessable = columns.assessable.next(assessableExact);
    const discount = columns.discount.next(discountExact);
    const igst = columns.igst.next(amount(line.igstAmount, 'IgstAmt'));
    const cgst = columns.cgst.next(amount(line.cgstAmount, 'CgstAmt'));
    const sgst = columns.sgst.next(amount(line.sgstAmount, 'SgstAmt'));
    const cessAdvalorem = columns.cess.next(amount(line.cessAmount, 'CesAmt'));
    const cessNonAdvol = columns.cessNonAdvol.next(amount(line.cessNonAdvolAmount, 'CesNonAdvlAmt'));
    const stateCessAdvalorem = columns.stateCess.next(amount(line.stateCessAmount, 'StateCesAmt'));
    const stateCessNonAdvol = columns.stateCessNonAdvol.next(
      amount(line.stateCessNonAdvolAmount, 'StateCesNonAdvlAmt'),
    );
    const otherCharges = columns.otherCharges.next(amount(line.otherCharges, 'OthChrg'));

    const cess = plus(cessAdvalorem, cessNonAdvol);
    const stateCess = plus(stateCessAdvalorem, stateCessNonAdvol);
    const taxes = plus(plus(plus(igst, cgst), plus(sgst, cess)), stateCess);
    const withoutTax = plus(assessable, otherCharges);
    const withTax = plus(withoutTax, taxes);
    const totalItemValue =
      taxMayBeExcluded &&
      erpTotalExcludesTax(
        arithmetic,
        reader.decimal(line.totalAmount, path, 'TotItemVal'),
        toInr,
        withTax,
        withoutTax,
      )
        ? withoutTax
        : withTax;

    totals.assessable = plus(totals.assessable, assessable);
    totals.cgst = plus(totals.cgst, cgst);
    totals.sgst = plus(totals.sgst, sgst);
    totals.igst = plus(totals.igst, igst);
    totals.cess = plus(totals.cess, cess);
    totals.stateCess = plus(totals.stateCess, stateCess);

    const hsnCode = (line.hsnCode ?? '').trim();
    const isService = isServiceCode(hsnCode);
    if (isService !== line.isService) {
      warnings.push(
        irnError(
          `${path}.IsServc`,
          'irn.item.serviceFlagFromHsn',
          `IsServc is ${isService ? 'Y' : 'N'} because HSN/SAC ${hsnCode} ${isService ? 'is' : 'is not'} a service code (99)`,
          line.isService,
        ),
      );
    }
    const unitPrice = reader.decimal(line.unitPrice, path, 'UnitPrice');
    const { toWire } = arithmetic;
    const item: NicItem = {
      SlNo: String(line.lineNo),
      IsServc: isService ? 'Y' : 'N',
      HsnCd: hsnCode,
      Qty:
        line.quantity === undefined && isService
          ? undefined
          : toWire(reader.decimal(line.quantity ?? '', path, 'Qty'), QUANTITY_PLACES),
      UnitPrice: toWire(convertsCurrency ? arithmetic.times(unitPrice, toInr) : unitPrice, QUANTITY_PLACES),
      TotAmt: toWire(plus(assessable, discount), AMOUNT_PLACES),
      Discount: toWire(discount, AMOUNT_PLACES),
      AssAmt: toWire(assessable, AMOUNT_PLACES),
      GstRt: toWire(reader.rate(line.taxRate, path, 'GstRt'), RATE_PLACES),
      IgstAmt: toWire(igst, AMOUNT_PLACES),
      CgstAmt: toWire(cgst, AMOUNT_PLACES),
      SgstAmt: toWire(sgst, AMOUNT_PLACES),
      CesRt: toWire(reader.rate(line.cessRate, path, 'CesRt'), RATE_PLACES),
      CesAmt: toWire(cessAdvalorem, AMOUNT_PLACES),
      CesNonAdvlAmt: toWire(cessNonAdvol, AMOUNT_PLACES),
      StateCesRt: toWire(reader.rate(line.stateCessRate, path, 'StateCesRt'), RATE_PLACES),
      StateCesAmt: toWire(stateCessAdvalorem, AMOUNT_PLACES),
      StateCesNonAdvlAmt: toWire(stateCessNonAdvol, AMOUNT_PLACES),
      OthChrg: toWire(otherCharges, AMOUNT_PLACES),
      TotItemVal: toWire(totalItemValue, AMOUNT_PLACES),
    };
    // Optional fields are set only when present: NIC rejects null, and JSON has no undefined.
    const description = nicFreeText(line.description, ITEM_DESCRIPTION_LIMIT, path, 'PrdDesc', warnings);
    if (description !== undefined) item.PrdDesc = description;
    const barcode = nicText(line.barcode);
    if (barcode !== undefined) item.Barcde = barcode;
    const freeQuantity = reader.optionalDecimal(line.freeQuantity, path, 'FreeQty');
    if (freeQuantity !== undefined) item.FreeQty = toWire(freeQuantity, QUANTITY_PLACES);
    const preTaxValue = reader.optionalDecimal(line.preTaxValue, path, 'PreTaxVal');
    if (preTaxValue !== undefined) {
      const inInr = convertsCurrency ? arithmetic.times(preTaxValue, toInr) : preTaxValue;
      item.PreTaxVal = toWire(inInr, AMOUNT_PLACES);
    }
    // A service line may state no quantity (the canonical reader allows it only for services).
    if (item.Qty === undefined) delete item.Qty;
    const unit = unitFor(line, isService);
    if (unit !== undefined) item.Unit = unit;
    if (line.batch) item.BchDtls = batchFor(line.batch, path, reader);
    if (line.attributes && line.attributes.length > 0) item.AttribDtls = attributesFor(line.attributes);
    items.push(item);
  }
  return { items, totals, warnings };
}

function newColumns<V>(arithmetic: ExactArithmetic<V>) {
  const column = () => new CarriedRoundingColumn(AMOUNT_PLACES, arithmetic);
  return {
    assessable: column(),
    discount: column(),
    igst: column(),
    cgst: column(),
    sgst: column(),
    cess: column(),
    cessNonAdvol: column(),
    stateCess: column(),
    stateCessNonAdvol: column(),
    otherCharges: column(),
  };
}

/** Reverse charge and EXPWP lines may state their total without tax; follow the ERP's choice. */
function erpTotalExcludesTax<V>(
  arithmetic: ExactArithmetic<V>,
  erpTotal: V,
  toInr: V,
  withTax: V,
  withoutTax: V,
): boolean {
  const { abs, minus } = arithmetic;
  const total = arithmetic.times(erpTotal, toInr);
  return arithmetic.compare(abs(minus(total, withoutTax)), abs(minus(total, withTax))) < 0;
}

/** Quantity and unit are mandatory for goods; for services NIC takes them when they are given. */
function unitFor(line: InvoiceLine, isService: boolean): string | undefined {
  const unit = (line.unit ?? '').trim().toUpperCase();
  return unit === '' && isService ? undefined : unit;
}

function batchFor<V>(batch: Batch, path: string, reader: CanonicalReader<V>): NicBchDtls {
  return dropUndefined({
    Nm: nicText(batch.name) ?? '',
    ExpDt: reader.optionalDate(batch.expiryDate, `${path}.BchDtls.ExpDt`),
    WrDt: reader.optionalDate(batch.warrantyDate, `${path}.BchDtls.WrDt`),
  });
}

function attributesFor(attributes: Attribute[]): NicAttribDtls[] {
  return attributes.map((attribute) => ({
    Nm: nicText(attribute.name) ?? '',
    Val: nicText(attribute.value) ?? '',
  }));
}
