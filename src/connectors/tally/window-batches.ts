/**
 * One sync window's vouchers as SourceDocuments, in batches: full batches of `batchLimit`, then a last one
 * (possibly empty) that closes the window. The main thread and the pull workers cut windows the same way,
 * so a parallel pull hands over exactly the batches, and cursors, of a single-threaded one.
 */
import type { SourceDocument } from '../contract';
import { toSourceDocument } from './voucher-document';
import { isSupplierNote } from './supplier-notes';
import type { NormaliseContext } from './voucher-normaliser';
import { childText, type TallyNode } from './xml/tally-node';

export interface WindowBatch {
  documents: SourceDocument[];
  /** Vouchers read for this batch: its documents and the supplier notes left to the purchase register. */
  read: number;
  /** The window's last batch: its cursor moves on to the next window. */
  last: boolean;
}

export interface WindowWork {
  ctx: NormaliseContext;
  hashExcluded: ReadonlySet<string>;
  batchLimit: number;
}

export async function* windowBatches(
  vouchers: AsyncIterable<TallyNode>,
  work: WindowWork,
): AsyncGenerator<WindowBatch> {
  let documents: SourceDocument[] = [];
  let read = 0;
  for await (const voucher of vouchers) {
    read += 1;
    // A credit or debit note against a supplier is the purchase side's, read by pullPurchases.
    if (isNote(voucher, work) && isSupplierNote(voucher, work.ctx.masters)) continue;
    documents.push(toSourceDocument(voucher, work.ctx, work.hashExcluded));
    if (documents.length >= work.batchLimit) {
      yield { documents, read, last: false };
      documents = [];
      read = 0;
    }
  }
  yield { documents, read, last: true };
}

function isNote(voucher: TallyNode, work: WindowWork): boolean {
  const type = work.ctx.documentTypeOf(
    childText(voucher, 'VOUCHERTYPENAME') || (voucher.attrs.VCHTYPE ?? ''),
  );
  return type === 'CRN' || type === 'DBN';
}
