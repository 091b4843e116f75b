/**
 * What a voucher ledger line is: the party, a GST duty ledger, round-off, or an income/charge ledger. GST
 * ledgers are recognised by their master (TAXTYPE GST + GSTDUTYHEAD) or, when the master is missing or
 * untyped, by name ("Output CGST 9%", "IGST", "Cess").
 */
import type { LedgerMaster } from './tally-masters';

export type GstHead = 'igst' | 'cgst' | 'sgst' | 'cess' | 'stateCess';

const DUTY_HEADS: Record<string, GstHead> = {
  'integrated tax': 'igst',
  igst: 'igst',
  'central tax': 'cgst',
  cgst: 'cgst',
  'state tax': 'sgst',
  'ut tax': 'sgst',
  sgst: 'sgst',
  utgst: 'sgst',
  cess: 'cess',
  'state cess': 'stateCess',
};

export function gstHeadOf(ledgerName: string, master: LedgerMaster | undefined): GstHead | undefined {
  if (master && /^gst$/i.test(master.taxType)) {
    const head = DUTY_HEADS[master.gstDutyHead.toLowerCase()];
    if (head) return head;
  }
  if (master && master.taxType !== '' && !/^gst$/i.test(master.taxType)) return undefined;
  if (/\bstate\s*cess\b/i.test(ledgerName)) return 'stateCess';
  if (/\bigst\b/i.test(ledgerName)) return 'igst';
  if (/\bcgst\b/i.test(ledgerName)) return 'cgst';
  if (/\b(sgst|utgst)\b/i.test(ledgerName)) return 'sgst';
  if (/\bcess\b/i.test(ledgerName)) return 'cess';
  return undefined;
}

export function isRoundOff(ledgerName: string): boolean {
  return /round(ed|ing)?[\s-]*off|rounding/i.test(ledgerName);
}

/** An income ledger whose amount is a supply line (accounting invoices, service lines in item invoices). */
export function isSupplyLedger(master: LedgerMaster | undefined, hasHsn: boolean): boolean {
  return hasHsn || (master !== undefined && /^(sales accounts?|direct incomes?)$/i.test(master.parent));
}
