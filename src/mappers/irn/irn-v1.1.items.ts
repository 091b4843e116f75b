import { type CanonicalInvoice, type InvoiceLine } from '../../domain/canonical-invoice';
import { isServiceCode } from '../../domain/hsn';
import { Dec, type Decimal, ZERO } from '../../domain/money';
import { CarriedRounding } from './carried-rounding';
import { dropUndefined } from './drop-undefined';
import { type CanonicalReader } from './canonical-reader';
import { type IrnFieldError, irnError } from './irn-field-error';
import { type NicAttribDtls, type NicBchDtls, type NicItem } from './nic-einvoice-v1.1.types';
import { nicText } from './nic-text';
import { AMOUNT_PLACES, QUANTITY_PLACES, RATE_PLACES, toWireNumber } from './wire-number';

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
    if (gross.minus(discountExact).minus(assessableExact).abs().gt(ASSESSABLE_TOLERANCE)) {
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
    const cess = columns.cess.next(amount(line.cessAmount, 'CesAmt'));
    const cessNonAdvol = columns.cessNonAdvol.next(amount(line.cessNonAdvolAmount, 'CesNonAdvlAmt'));
    const stateCess = columns.stateCess.next(amount(line.stateCessAmount, 'StateCesAmt'));
    const stateCessNonAdvol = columns.stateCessNonAdvol.next(
      amount(line.stateCessNonAdvolAmount, 'StateCesNonAdvlAmt'),
    );
    const otherCharges = columns.otherCharges.next(amount(line.otherCharges, 'OthChrg'));

    const taxes = igst.plus(cgst).plus(sgst).plus(cess).plus(cessNonAdvol).plus(stateCess).plus(stateCessNonAdvol);
    const withoutTax = assessable.plus(otherCharges);
    const withTax = withoutTax.plus(taxes);
    const totalItemValue =
      taxMayBeExcluded && erpTotalExcludesTax(reader.decimal(line.totalAmount, `${path}.TotItemVal`), toInr, withTax, withoutTax)
        ? withoutTax
        : withTax;

    totals.assessable = totals.assessable.plus(assessable);
    totals.cgst = totals.cgst.plus(cgst);
    totals.sgst = totals.sgst.plus(sgst);
    totals.igst = totals.igst.plus(igst);
    totals.cess = totals.cess.plus(cess).plus(cessNonAdvol);
    totals.stateCess = totals.stateCess.plus(stateCess).plus(stateCessNonAdvol);

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
      PrdDesc: nicText(line.description),
      IsServc: isService ? 'Y' : 'N',
      HsnCd: hsnCode,
      Barcde: nicText(line.barcode),
      Qty: toWireNumber(reader.decimal(line.quantity, `${path}.Qty`), QUANTITY_PLACES),
      FreeQty: optionalQuantity(reader.optionalDecimal(line.freeQuantity, `${path}.FreeQty`)),
      Unit: unitFor(line, isService),
      UnitPrice: toWireNumber(inInr ? unitPrice.times(toInr) : unitPrice, QUANTITY_PLACES),
      TotAmt: toWireNumber(assessable.plus(discount), AMOUNT_PLACES),
      Discount: toWireNumber(discount, AMOUNT_PLACES),
      AssAmt: toWireNumber(assessable, AMOUNT_PLACES),
      GstRt: toWireNumber(reader.decimal(line.taxRate, `${path}.GstRt`), RATE_PLACES),
      IgstAmt: toWireNumber(igst, AMOUNT_PLACES),
      CgstAmt: toWireNumber(cgst, AMOUNT_PLACES),
      SgstAmt: toWireNumber(sgst, AMOUNT_PLACES),
      CesRt: toWireNumber(reader.decimal(line.cessRate, `${path}.CesRt`), RATE_PLACES),
      CesAmt: toWireNumber(cess, AMOUNT_PLACES),
      CesNonAdvlAmt: toWireNumber(cessNonAdvol, AMOUNT_PLACES),
      StateCesRt: toWireNumber(reader.decimal(line.stateCessRate, `${path}.StateCesRt`), RATE_PLACES),
      StateCesAmt: toWireNumber(stateCess, AMOUNT_PLACES),
      StateCesNonAdvlAmt: toWireNumber(stateCessNonAdvol, AMOUNT_PLACES),
      OthChrg: toWireNumber(otherCharges, AMOUNT_PLACES),
      TotItemVal: toWireNumber(totalItemValue, AMOUNT_PLACES),
      BchDtls: batchFor(line, path, reader),
      AttribDtls: attributesFor(line),
    };
    return dropUndefined(item);
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
function erpTotalExcludesTax(erpTotal: Decimal, toInr: Decimal, withTax: Decimal, withoutTax: Decimal): boolean {
  const total = erpTotal.times(toInr);
  return total.minus(withoutTax).abs().lt(total.minus(withTax).abs());
}

/** Quantity and unit are mandatory for goods; for services NIC takes them when they are given. */
function unitFor(line: InvoiceLine, isService: boolean): string | undefined {
  const unit = (line.unit ?? '').trim().toUpperCase();
  return unit === '' && isService ? undefined : unit;
}

function optionalQuantity(value: Decimal | undefined): number | undefined {
  return value === undefined ? undefined : toWireNumber(value, QUANTITY_PLACES);
}

function batchFor(line: InvoiceLine, path: string, reader: CanonicalReader): NicBchDtls | undefined {
  if (!line.batch) return undefined;
  return dropUndefined({
    Nm: nicText(line.batch.name) ?? '',
    ExpDt: reader.optionalDate(line.batch.expiryDate, `${path}.BchDtls.ExpDt`),
    WrDt: reader.optionalDate(line.batch.warrantyDate, `${path}.BchDtls.WrDt`),
  });
}

function attributesFor(line: InvoiceLine): NicAttribDtls[] | undefined {
  if (!line.attributes || line.attributes.length === 0) return undefined;
  return line.attributes.map((attribute) => ({
    Nm: nicText(attribute.name) ?? '',
    Val: nicText(attribute.value) ?? '',
  }));
}
