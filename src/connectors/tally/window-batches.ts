/**
 * One sync window's vouchers as SourceDocuments, in batches: full batches of `batchLimit`, then a last one
 * (possibly empty) that closes the window. The main thread and the pull workers cut windows the same way,
 * so a parallel pull hands over exactly the batches, and cursors, of a single-threaded one.
 */
import type { SourceDocument } from '../contract';
import { toSourceDocument } from './voucher-document';
import type { NormaliseContext } from './voucher-normaliser';
import type { TallyNode } from './xml/tally-node';

export interface WindowBatch {
  documents: SourceDocument[];
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
  for await (const voucher of vouchers) {
    documents.push(toSourceDocument(voucher, work.ctx, work.hashExcluded));
    if (documents.length >= work.batchLimit) {
      yield { documents, last: false };
      documents = [];
    }
  }
  yield { documents, last: true };
}
