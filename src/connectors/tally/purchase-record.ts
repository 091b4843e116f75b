/**
 * A purchase voucher as a purchase-register entry for GSTR-2B reconciliation. The bill number is the
 * supplier's invoice number (REFERENCE), not Tally's own voucher number; the bill date is REFERENCEDATE.
 */
import { fieldError } from '../../domain';
import type { PurchaseRecord } from '../contract';
import { fixed, FixedPoint } from '../../domain/decimal';
import { applicableOn, type MasterIndex } from './tally-masters';
import { meaningful, parseTallyDate } from './tally-values';
import { readVoucherLines } from './voucher-lines';
import { voucherRef } from './voucher-document';
import { childFlag, childText, type TallyNode } from './xml/tally-node';

export type PurchaseOutcome =
  | { ok: true; value: PurchaseRecord }
  | { ok: false; reason: string; /** The voucher field at fault, when one is. */ field?: string };

/**
 * `documentType` is the supplier's: INV for a purchase, CRN for our Debit Note answering the supplier's
 * credit note (a purchase return, crediting the purchase ledger), DBN for a Credit Note from a supplier.
 */
export function purchaseRecordOf(
  voucher: TallyNode,
  masters: MasterIndex,
  documentType: PurchaseRecord['documentType'] = 'INV',
): PurchaseOutcome {
  const ref = voucherRef(voucher);
  if (childFlag(voucher, 'ISCANCELLED') || childFlag(voucher, 'ISDELETED'))
    return { ok: false, reason: 'cancelled' };
  const partyLedger = childText(voucher, 'PARTYLEDGERNAME');
  const master = masters.ledger(partyLedger);
  const date = ref.date;
  const registration = master ? applicableOn(master.registrations, date) : undefined;
  const supplierGstin = (childText(voucher, 'PARTYGSTIN') || registration?.gstin || '').toUpperCase();
  const billNumber = childText(voucher, 'REFERENCE');
  const billDate = parseTallyDate(childText(voucher, 'REFERENCEDATE')) ?? date;
  if (!supplierGstin) return { ok: false, reason: 'supplier has no GSTIN', field: 'PARTYGSTIN' };
  if (!billNumber) return { ok: false, reason: 'no supplier invoice number (REFERENCE)', field: 'REFERENCE' };
  if (!billDate) return { ok: false, reason: 'no bill date', field: 'REFERENCEDATE' };

  // Purchases (and supplier debit notes) debit the purchase and input-tax ledgers: sign -1 turns them
  // positive; a purchase return credits them.
  const { lines, ledgers } = readVoucherLines(voucher, {
    date,
    partyLedger,
    sign: documentType === 'CRN' ? 1 : -1,
    masters,
    errors: [],
    warnings: [],
  });
  const taxable = lines.reduce((total, line) => total.plus(line.taxableValue), FixedPoint.ZERO);
  const money = (value: FixedPoint): string => fixed(value, 2);
  return {
    ok: true,
    value: {
      erpId: ref.guid,
      supplierGstin,
      supplierName: childText(voucher, 'PARTYMAILINGNAME') || partyLedger || undefined,
      billNumber,
      billDate,
      documentType,
      taxableValue: money(taxable),
      igst: money(ledgers.taxes.igst),
      cgst: money(ledgers.taxes.cgst),
      sgst: money(ledgers.taxes.sgst),
      cess: money(ledgers.taxes.cess),
      total: money(ledgers.partyTotal ?? taxable),
      placeOfSupply: meaningful(childText(voucher, 'PLACEOFSUPPLY')) || undefined,
      reverseCharge: childFlag(voucher, 'ISREVERSECHARGEAPPLICABLE'),
    },
  };
}

/**
 * A purchase voucher that could not be read, as a record carrying why: what the voucher holds of the
 * supplier and bill, "0" amounts, and the field error, so reconciliation shows every purchase the books hold.
 */
export function unreadablePurchaseRecord(
  voucher: TallyNode,
  failure: { reason: string; field?: string },
): PurchaseRecord {
  const ref = voucherRef(voucher);
  const field = failure.field ?? 'VOUCHER';
  return {
    erpId: ref.guid,
    supplierGstin: childText(voucher, 'PARTYGSTIN').toUpperCase(),
    supplierName: childText(voucher, 'PARTYLEDGERNAME') || undefined,
    billNumber: childText(voucher, 'REFERENCE'),
    billDate: parseTallyDate(childText(voucher, 'REFERENCEDATE')) ?? ref.date ?? '',
    documentType: 'INV',
    taxableValue: '0',
    igst: '0',
    cgst: '0',
    sgst: '0',
    cess: '0',
    total: '0',
    fieldErrors: [
      fieldError(
        `voucher[${ref.voucherNumber || ref.guid}].${field}`,
        `purchase.${field.toLowerCase()}`,
        failure.reason,
      ),
    ],
  };
}
