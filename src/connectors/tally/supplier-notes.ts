/**
 * Credit and debit notes entered against a supplier. Tally uses the same Debit Note and Credit Note voucher
 * types on both sides: a Debit Note to a supplier is a purchase return (the supplier's credit note in
 * GSTR-2B), a Credit Note from a supplier the supplier's debit note. They are purchase-register entries,
 * never e-invoiced: a voucher whose party ledger is a supplier's, or whose supply lines post to a purchase
 * ledger, is one.
 */
import { childText, childrenNamed, firstChild, type TallyNode } from './xml/tally-node';
import type { MasterIndex } from './tally-masters';

const SUPPLIER_GROUP = /^sundry creditors$/i;
const PURCHASE_GROUP = /^purchase accounts$/i;

/** Whether a credit or debit note voucher is entered against a supplier (see above). */
export function isSupplierNote(voucher: TallyNode, masters: MasterIndex): boolean {
  const party = masters.ledger(childText(voucher, 'PARTYLEDGERNAME'));
  if (party && SUPPLIER_GROUP.test(party.parent)) return true;
  return supplyLedgers(voucher).some((name) => PURCHASE_GROUP.test(masters.ledger(name)?.parent ?? ''));
}

function supplyLedgers(voucher: TallyNode): string[] {
  const names: string[] = [];
  for (const item of childrenNamed(voucher, 'ALLINVENTORYENTRIES.LIST')) {
    const allocation = firstChild(item, 'ACCOUNTINGALLOCATIONS.LIST');
    if (allocation) names.push(childText(allocation, 'LEDGERNAME'));
  }
  for (const list of ['LEDGERENTRIES.LIST', 'ALLLEDGERENTRIES.LIST'])
    for (const entry of childrenNamed(voucher, list)) names.push(childText(entry, 'LEDGERNAME'));
  return names;
}
