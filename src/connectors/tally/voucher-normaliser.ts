/**
 * One Tally sales voucher -> CanonicalInvoice (country IN), or the field errors that stop it. Every
 * problem names its place in the voucher (`voucher.ALLINVENTORYENTRIES[2].RATE`); nothing throws, so one
 * bad voucher never stops a batch.
 */
import {
  type CanonicalInvoice,
  type DocumentType,
  type InvoiceLine,
  type SupplyType,
  type TransportDetails,
  type TransportMode,
  validateCanonicalInvoice,
  fieldError,
  type FieldError,
  type Outcome,
} from '../../domain';
import { fixed, FixedPoint, sumOf } from '../../domain/decimal';
import { attributeGst } from './gst-attribution';
import type { CompanyInfo, MasterIndex } from './tally-masters';
import { parseTallyDate } from './tally-values';
import { readBuyer, readDispatchFrom, readSeller, readShipTo } from './voucher-parties';
import { readVoucherLines } from './voucher-lines';
import { childFlag, childText, descend, type TallyNode } from './xml/tally-node';

export interface NormaliseContext {
  company: CompanyInfo;
  masters: MasterIndex;
  documentTypeOf(voucherTypeName: string): DocumentType | undefined;
}

const money = (value: FixedPoint): string => fixed(value, 2);
/** Largest difference between the party's amount and the sum of lines, taxes and charges that is accepted. */
const TOTALS_TOLERANCE = FixedPoint.of('0.01');

export function normaliseVoucher(voucher: TallyNode, ctx: NormaliseContext): Outcome<CanonicalInvoice> {
  const errors: FieldError[] = [];
  const warnings: FieldError[] = [];

  const documentNumber = childText(voucher, 'VOUCHERNUMBER');
  if (documentNumber === '')
    errors.push(fieldError('voucher.VOUCHERNUMBER', 'required', 'voucher number is empty'));
  const dateText = childText(voucher, 'DATE');
  const documentDate = parseTallyDate(dateText);
  if (!documentDate)
    errors.push(fieldError('voucher.DATE', 'date', 'voucher date is missing or invalid', dateText));
  const voucherType = childText(voucher, 'VOUCHERTYPENAME') || (voucher.attrs.VCHTYPE ?? '');
  const documentType = ctx.documentTypeOf(voucherType);
  if (!documentType) {
    errors.push(
      fieldError(
        'voucher.VOUCHERTYPENAME',
        'voucherType',
        'voucher type is not configured as sales',
        voucherType,
      ),
    );
  }

  const seller = readSeller(voucher, ctx.company, ctx.masters, errors);
  const { buyer, registrationType, isForeign } = readBuyer(voucher, documentDate, ctx.masters, errors);
  const { lines, ledgers } = readVoucherLines(voucher, {
    date: documentDate,
    partyLedger: childText(voucher, 'PARTYLEDGERNAME'),
    sign: documentType === 'CRN' ? -1 : 1,
    masters: ctx.masters,
    errors,
    warnings,
  });
  if (lines.length === 0)
    errors.push(fieldError('voucher', 'lines.required', 'voucher has no item or income lines'));
  if (!ledgers.partyTotal) {
    errors.push(fieldError(ledgers.listPath, 'party.missing', 'no ledger line for the party ledger'));
  }
  // A line already in error would make the GST split look wrong too: report the cause only.
  const taxes = errors.length === 0 ? attributeGst(lines, ledgers.taxes, ledgers.listPath, errors) : [];
  if (errors.length > 0 || !documentDate || !documentType || !ledgers.partyTotal)
    return { ok: false, errors };

  const invoiceLines: InvoiceLine[] = lines.map((line, index) => {
    const tax = taxes[index];
    const total = sumOf([line.taxableValue, tax.igst, tax.cgst, tax.sgst, tax.cess, tax.stateCess]);
    return {
      lineNo: index + 1,
      description: line.description,
      hsnCode: line.hsnCode,
      isService: line.isService,
      quantity: fixed(line.quantity, 3),
      unit: line.unit,
      unitPrice: fixed(line.unitPrice, 3),
      grossAmount: money(line.grossAmount),
      discount: money(line.discount),
      taxableValue: money(line.taxableValue),
      taxRate: tax.taxRate.toString(),
      igstAmount: money(tax.igst),
      cgstAmount: money(tax.cgst),
      sgstAmount: money(tax.sgst),
      cessRate: tax.cessRate.toString(),
      cessAmount: money(tax.cess),
      cessNonAdvolAmount: '0.00',
      stateCessRate: '0',
      stateCessAmount: money(tax.stateCess),
      stateCessNonAdvolAmount: '0.00',
      vatAmount: '0',
      otherCharges: '0.00',
      totalAmount: money(total),
    };
  });

  const taxable = sumOf(lines.map((line) => line.taxableValue));
  const otherCharges = sumOf(ledgers.charges.map((charge) => charge.amount));
  const lineDiscount = sumOf(lines.map((line) => line.discount));
  const allTax = sumOf(Object.values(ledgers.taxes));
  const computed = sumOf([
    taxable,
    allTax,
    otherCharges,
    ledgers.documentDiscount.negated(),
    ledgers.roundOff,
  ]);
  if (computed.minus(ledgers.partyTotal).abs().greaterThan(TOTALS_TOLERANCE)) {
    return {
      ok: false,
      errors: [
        fieldError(
          ledgers.listPath,
          'totals.mismatch',
          `party is charged ${money(ledgers.partyTotal)} but lines, taxes, charges and round-off add up to ${money(computed)}`,
        ),
      ],
    };
  }

  const interState = !ledgers.taxes.igst.isZero();
  const invoice: CanonicalInvoice = {
    country: 'IN',
    documentType,
    documentNumber,
    documentDate,
    supplyType: supplyTypeOf(registrationType, isForeign, buyer.gstin, !allTax.isZero()),
    reverseCharge: childFlag(voucher, 'ISREVERSECHARGEAPPLICABLE'),
    igstOnIntra: interState && !isForeign && seller.address.stateCode === buyer.placeOfSupply,
    currency: 'INR',
    seller,
    buyer,
    dispatchFrom: readDispatchFrom(voucher),
    shipTo: readShipTo(voucher, buyer, errors),
    lines: invoiceLines,
    charges: ledgers.charges.map((charge) => ({
      description: charge.description,
      amount: money(charge.amount),
    })),
    documentDiscount: money(ledgers.documentDiscount),
    totals: {
      taxableValue: money(taxable),
      igst: money(ledgers.taxes.igst),
      cgst: money(ledgers.taxes.cgst),
      sgst: money(ledgers.taxes.sgst),
      cess: money(ledgers.taxes.cess),
      stateCess: money(ledgers.taxes.stateCess),
      vat: '0.00',
      discount: money(sumOf([lineDiscount, ledgers.documentDiscount])),
      otherCharges: money(otherCharges),
      roundOff: money(ledgers.roundOff),
      invoiceTotal: money(ledgers.partyTotal),
    },
    originalInvoice: originalInvoiceOf(voucher, documentType),
    transport: transportOf(voucher),
    notes: childText(voucher, 'NARRATION') || undefined,
  };
  if (errors.length > 0) return { ok: false, errors };
  // The rules every CanonicalInvoice obeys, whichever connector made it (document number format, UQC,
  // notified rates, ...): what the voucher reading let through is reported on the invoice's own paths.
  const validated = validateCanonicalInvoice(invoice);
  if (!validated.ok) return { ok: false, errors: validated.errors.map(onInvoice) };
  const allWarnings = [...warnings, ...(validated.warnings ?? []).map(onInvoice)];
  return allWarnings.length > 0
    ? { ok: true, value: validated.value, warnings: allWarnings }
    : { ok: true, value: validated.value };
}

function onInvoice(error: FieldError): FieldError {
  return { ...error, path: error.path ? `invoice.${error.path}` : 'invoice' };
}

function supplyTypeOf(
  registrationType: string,
  foreign: boolean,
  gstin: string | undefined,
  taxed: boolean,
): SupplyType {
  if (foreign) return taxed ? 'EXPWP' : 'EXPWOP';
  if (/sez/i.test(registrationType)) return taxed ? 'SEZWP' : 'SEZWOP';
  if (/deemed/i.test(registrationType)) return 'DEXP';
  return gstin ? 'B2B' : 'B2C';
}

function originalInvoiceOf(voucher: TallyNode, type: DocumentType): CanonicalInvoice['originalInvoice'] {
  if (type === 'INV') return undefined;
  const number = childText(voucher, 'REFERENCE');
  const date = parseTallyDate(childText(voucher, 'REFERENCEDATE'));
  return number && date ? { number, date } : undefined;
}

const MODES: Record<string, TransportMode> = { road: 'ROAD', rail: 'RAIL', air: 'AIR', ship: 'SHIP' };

/** EWAYBILLDETAILS.LIST/TRANSPORTDETAILS.LIST; modes appear as "Road" or "1 - Road", vehicle types as "R - Regular". */
function transportOf(voucher: TallyNode): TransportDetails | undefined {
  const details = descend(voucher, 'EWAYBILLDETAILS.LIST/TRANSPORTDETAILS.LIST');
  if (!details) return undefined;
  const modeText = childText(details, 'TRANSPORTMODE').toLowerCase();
  const mode = Object.entries(MODES).find(([word]) => modeText.includes(word))?.[1];
  const vehicleType = childText(details, 'VEHICLETYPE').toLowerCase();
  const distance = parseInt(childText(details, 'DISTANCE'), 10);
  const transport: TransportDetails = {
    transporterId: childText(details, 'TRANSPORTERID') || undefined,
    transporterName: childText(details, 'TRANSPORTERNAME') || undefined,
    mode,
    distanceKm: Number.isFinite(distance) ? distance : undefined,
    vehicleNumber: childText(details, 'VEHICLENUMBER').replace(/\s/g, '').toUpperCase() || undefined,
    vehicleType: vehicleType.startsWith('o') ? 'O' : vehicleType.startsWith('r') ? 'R' : undefined,
    transportDocNumber: childText(details, 'DOCUMENTNUMBER') || undefined,
    transportDocDate: parseTallyDate(childText(details, 'DOCUMENTDATE')),
  };
  return Object.values(transport).some((value) => value !== undefined) ? transport : undefined;
}
