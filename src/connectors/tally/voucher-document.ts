/**
 * A pulled voucher as a SourceDocument: GUID as the ERP id, a content hash over a canonical form of the
 * voucher, the normalised invoice (or its field errors) and a small raw excerpt for operators and write-back.
 */
import type { SourceDocument } from '../contract';
import { fieldError } from '../../domain';
import { canonicalHash } from './canonical-hash';
import { normaliseVoucher, type NormaliseContext } from './voucher-normaliser';
import { readInt } from './tally-masters';
import { parseTallyDate } from './tally-values';
import { childFlag, childText, type TallyNode } from './xml/tally-node';

/** What the connector keeps of a voucher besides the canonical invoice. */
export interface TallyVoucherRef {
  guid: string;
  alterId: number;
  masterId: number;
  voucherType: string;
  voucherNumber: string;
  date?: string;
  vchKey?: string;
}

/**
 * Fields left out of the content hash: Tally's bookkeeping counters (they move on every save) and the
 * fields write-back itself fills, so writing the IRN back does not look like an edit of the invoice.
 */
export const HASH_EXCLUDED = new Set([
  'ALTERID',
  'MASTERID',
  'VOUCHERKEY',
  'VOUCHERRETAINKEY',
  'IRN',
  'IRNACKNO',
  'IRNACKDATE',
  'IRNQRCODE',
  'EWAYBILLDETAILS.LIST',
]);
const HASH_EXCLUDED_ATTRS = new Set(['VCHKEY', 'TYPE']);

/** SHA-256 (hex) of the voucher's canonical form: element order kept, attributes sorted, text trimmed. */
export function voucherContentHash(
  voucher: TallyNode,
  excluded: ReadonlySet<string> = HASH_EXCLUDED,
): string {
  return canonicalHash(voucher, excluded, HASH_EXCLUDED_ATTRS);
}

export function voucherRef(voucher: TallyNode): TallyVoucherRef {
  return {
    guid: childText(voucher, 'GUID') || (voucher.attrs.REMOTEID ?? ''),
    alterId: readInt(childText(voucher, 'ALTERID')),
    masterId: readInt(childText(voucher, 'MASTERID')),
    voucherType: childText(voucher, 'VOUCHERTYPENAME') || (voucher.attrs.VCHTYPE ?? ''),
    voucherNumber: childText(voucher, 'VOUCHERNUMBER'),
    date: parseTallyDate(childText(voucher, 'DATE')),
    vchKey: voucher.attrs.VCHKEY,
  };
}

export function isVoucherDeleted(voucher: TallyNode): boolean {
  return childFlag(voucher, 'ISCANCELLED') || childFlag(voucher, 'ISDELETED');
}

export function toSourceDocument(
  voucher: TallyNode,
  ctx: NormaliseContext,
  excluded: ReadonlySet<string> = HASH_EXCLUDED,
): SourceDocument {
  const ref = voucherRef(voucher);
  const deleted = isVoucherDeleted(voucher);
  return {
    erpId: ref.guid,
    contentHash: voucherContentHash(voucher, excluded),
    direction: 'sales',
    documentNumber: ref.voucherNumber || undefined,
    documentDate: ref.date,
    sourceRef: `${ref.voucherType} voucher ${ref.voucherNumber} (GUID ${ref.guid}, AlterID ${ref.alterId})`,
    normalised: deleted
      ? {
          ok: false,
          errors: [
            fieldError(
              'voucher.ISCANCELLED',
              'voucher.cancelled',
              'voucher is cancelled or deleted in Tally',
            ),
          ],
        }
      : normaliseVoucher(voucher, ctx),
    raw: ref,
    deleted: deleted || undefined,
  };
}
