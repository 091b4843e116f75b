import { type CanonicalInvoice, type InvoiceLine } from '../../domain/canonical-invoice';
import { isServiceCode } from '../../domain/hsn';
import { Dec, type Decimal, ZERO } from '../../domain/money';
import { CarriedRounding } from './carried-rounding';
import { plus } from './decimal-sums';
import { dropUndefined } from './drop-undefined';
import { type CanonicalReader } from './canonical-reader';
import { type IrnFieldError, irnError } from './irn-field-error';
import { type NicAttribDtls, type NicBchDtls, type NicItem } from './nic-einvoice-v1.1.types';
import { nicText } from './nic-text';
import { AMOUNT_PLACES, QUANTITY_PLACES, RATE_PLACES, toWireNumber } from './wire-number';

type Batch = NonNullable<InvoiceLine['batch']>;
type Attribute = NonNullable<InvoiceLine['attributes']>[number];

/** Item sums that ValDtls reports: each is the exact sum of the rounded item values. */
export interface ItemTotals {
  assessable: Decimal;
  cgst: Decimal;
  sgst: Decimal;
  igst: Decimal;
  cess: Decimal;
  stateCess: Decimal;
}

export interface MappedItems {
  items: NicItem[];
  totals: ItemTotals;
  warnings: IrnFieldError[];
}

/** Largest gap between gross - discount and the ERP's taxable value that is still rounding, not data. */
const ASSESSABLE_TOLERANCE = new Dec('0.01');

/**
 * Maps lines to ItemList. Amounts are converted to INR with `toInr` (1 for INR invoices) and rounded
 * per column with CarriedRounding, so the ValDtls sums equal the sums of the rounded items.
 * AssAmt and Discount come from the ERP; TotAmt is their sum so that AssAmt = TotAmt - Discount
 * (NIC 2193) holds to the paisa; a gross amount that disagrees by more than rounding is reported.
 * TotItemVal is recomputed from the rounded parts, including tax unless the ERP's own line total
 * excludes it where NIC allows that (reverse charge, EXPWP).
 */
export function mapItems(
  invoice: CanonicalInvoice,
  toInr: Decimal,
  reader: CanonicalReader,
  taxMayBeExcluded: boolean,
): MappedItems {
  const columns = newColumns();
  const totals: ItemTotals = {
    assessable: ZERO,
    cgst: ZERO,
    sgst: ZERO,
    igst: ZERO,
    cess: ZERO,
    stateCess: ZERO,
  };
  const warnings: IrnFieldError[] = [];
  const inInr = !toInr.eq(1);
  const items = invoice.lines.map((line, index) => {
    const path = `ItemList[${index}]`;
    const amount = (value: string, field: string): Decimal => {
      const exact = reader.decimal(value, `${path}.${field}`);
      return inInr ? exact.times(toInr) : exact;
    };
    const gross = amount(line.grossAmount, 'TotAmt');
    const discountExact = amount(line.discount, 'Discount');
    const assessableExact = amount(line.taxableValue, 'AssAmt');
    const grossLessDiscount = gross.minus(discountExact);
    if (
      !grossLessDiscount.eq(assessableExact) &&
      grossLessDiscount.minus(assessableExact).abs().gt(ASSESSABLE_TOLERANCE)
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
      erpTotalExcludesTax(reader.decimal(line.totalAmount, `${path}.TotItemVal`), toInr, withTax, withoutTax)
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
    const unitPrice = reader.decimal(line.unitPrice, `${path}.UnitPrice`);
    const item: NicItem = {
      SlNo: String(line.lineNo),
      IsServc: isService ? 'Y' : 'N',
      HsnCd: hsnCode,
      Qty: toWireNumber(reader.decimal(line.quantity, `${path}.Qty`), QUANTITY_PLACES),
      UnitPrice: toWireNumber(inInr ? unitPrice.times(toInr) : unitPrice, QUANTITY_PLACES),
      TotAmt: toWireNumber(plus(assessable, discount), AMOUNT_PLACES),
      Discount: toWireNumber(discount, AMOUNT_PLACES),
      AssAmt: toWireNumber(assessable, AMOUNT_PLACES),
      GstRt: toWireNumber(reader.rate(line.taxRate, `${path}.GstRt`), RATE_PLACES),
      IgstAmt: toWireNumber(igst, AMOUNT_PLACES),
      CgstAmt: toWireNumber(cgst, AMOUNT_PLACES),
      SgstAmt: toWireNumber(sgst, AMOUNT_PLACES),
      CesRt: toWireNumber(reader.rate(line.cessRate, `${path}.CesRt`), RATE_PLACES),
      CesAmt: toWireNumber(cessAdvalorem, AMOUNT_PLACES),
      CesNonAdvlAmt: toWireNumber(cessNonAdvol, AMOUNT_PLACES),
      StateCesRt: toWireNumber(reader.rate(line.stateCessRate, `${path}.StateCesRt`), RATE_PLACES),
      StateCesAmt: toWireNumber(stateCessAdvalorem, AMOUNT_PLACES),
      StateCesNonAdvlAmt: toWireNumber(stateCessNonAdvol, AMOUNT_PLACES),
      OthChrg: toWireNumber(otherCharges, AMOUNT_PLACES),
      TotItemVal: toWireNumber(totalItemValue, AMOUNT_PLACES),
    };
    // Optional fields are set only when present: NIC rejects null, and JSON has no undefined.
    const description = nicText(line.description);
    if (description !== undefined) item.PrdDesc = description;
    const barcode = nicText(line.barcode);
    if (barcode !== undefined) item.Barcde = barcode;
    const freeQuantity = reader.optionalDecimal(line.freeQuantity, `${path}.FreeQty`);
    if (freeQuantity !== undefined) item.FreeQty = toWireNumber(freeQuantity, QUANTITY_PLACES);
    const unit = unitFor(line, isService);
    if (unit !== undefined) item.Unit = unit;
    if (line.batch) item.BchDtls = batchFor(line.batch, path, reader);
    if (line.attributes && line.attributes.length > 0) item.AttribDtls = attributesFor(line.attributes);
    return item;
  });
  return { items, totals, warnings };
}

function newColumns() {
  const column = () => new CarriedRounding(AMOUNT_PLACES);
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
function erpTotalExcludesTax(
  erpTotal: Decimal,
  toInr: Decimal,
  withTax: Decimal,
  withoutTax: Decimal,
): boolean {
  const total = erpTotal.times(toInr);
  return total.minus(withoutTax).abs().lt(total.minus(withTax).abs());
}

/** Quantity and unit are mandatory for goods; for services NIC takes them when they are given. */
function unitFor(line: InvoiceLine, isService: boolean): string | undefined {
  const unit = (line.unit ?? '').trim().toUpperCase();
  return unit === '' && isService ? undefined : unit;
}

function batchFor(batch: Batch, path: string, reader: CanonicalReader): NicBchDtls {
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
