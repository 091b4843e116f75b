/** The CSV connector's cursor: content hashes of the files pulled most recently, oldest first. */
export interface CsvCursor {
  processedHashes: string[];
}

/**
 * How many hashes the cursor keeps. It only recognises a file dropped again while it still sits in the
 * inbox or is re-sent soon after; older re-sends are caught by the per-document idempotency key, so the
 * cursor (stored on every batch) need not grow with every file ever read.
 */
export const MAX_PROCESSED_HASHES = 2000;

/** The cursor for a set of processed hashes (insertion order), keeping the newest `limit`. */
export function csvCursorOf(processed: Iterable<string>, limit = MAX_PROCESSED_HASHES): CsvCursor {
  const hashes = [...processed];
  return { processedHashes: hashes.length > limit ? hashes.slice(hashes.length - limit) : hashes };
}
