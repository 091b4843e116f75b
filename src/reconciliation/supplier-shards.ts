/**
 * A period's purchases and GSTR-2B documents cut into shards of whole suppliers (by the partition key the
 * reads are ordered by: the supplier PAN, one key for all bills of entry), so the run matches one shard at
 * a time and its memory is bounded by a shard, not by the period. No key is ever split between shards: the
 * engine pairs only within a key, so shards give the verdicts one whole-period match would.
 */
export interface ShardRow {
  shardKey: string;
}

/** One side's rows in key order, fetched in chunks on demand. */
class KeyOrderedSide<Row extends ShardRow> {
  private buffer: Row[] = [];
  private at = 0;
  private done = false;
  /** A fetch issued ahead (the next chunk is read while the current one is matched). */
  private ahead: Promise<Row[]> | undefined;
  rowsRead = 0;

  constructor(
    private readonly fetch: (rows: number) => Promise<Row[]>,
    private readonly chunkRows: number,
  ) {}

  /** The key of the next row, undefined once the side is read whole. */
  async peekKey(): Promise<string | undefined> {
    while (this.at >= this.buffer.length && !this.done) {
      const chunk = await (this.ahead ?? this.fetch(this.chunkRows));
      this.ahead = undefined;
      this.buffer = chunk;
      this.at = 0;
      this.prefetch();
      this.rowsRead += chunk.length;
      if (chunk.length < this.chunkRows) this.done = true;
    }
    return this.at < this.buffer.length ? this.buffer[this.at].shardKey : undefined;
  }

  /** Moves every row of `key` (the next ones) into `into`. */
  async take(key: string, into: Row[]): Promise<void> {
    while ((await this.peekKey()) === key) {
      const row = this.buffer[this.at];
      this.buffer[this.at++] = undefined as unknown as Row;
      into.push(row);
    }
  }

  /**
   * Starts reading the next chunk now unless a whole chunk is still buffered, so the next shard is read
   * while this one is matched (PostgreSQL works meanwhile) rather than after its verdicts are written.
   */
  prefetch(): void {
    if (this.done || this.ahead || this.buffer.length - this.at >= this.chunkRows) return;
    this.ahead = this.fetch(this.chunkRows);
    // Awaited by the next peekKey; a failure surfaces there, not as an unhandled rejection.
    this.ahead.catch(() => undefined);
  }
}

export interface Shard<Purchase, Document> {
  purchases: Purchase[];
  documents: Document[];
}

export class SupplierShards<Purchase extends ShardRow, Document extends ShardRow> {
  private readonly purchases: KeyOrderedSide<Purchase>;
  private readonly documents: KeyOrderedSide<Document>;

  constructor(
    fetchPurchases: (rows: number) => Promise<Purchase[]>,
    fetchDocuments: (rows: number) => Promise<Document[]>,
    /** Rows (both sides together) after which a shard is closed at the next key. */
    private readonly shardRows: number,
  ) {
    // A chunk of a shard's size on each side: a shard (both sides together) rarely needs more than one.
    const chunk = Math.max(1, shardRows);
    this.purchases = new KeyOrderedSide(fetchPurchases, chunk);
    this.documents = new KeyOrderedSide(fetchDocuments, chunk);
  }

  /** The next shard (at least one whole key), undefined once both sides are read. */
  async next(): Promise<Shard<Purchase, Document> | undefined> {
    const shard: Shard<Purchase, Document> = { purchases: [], documents: [] };
    while (shard.purchases.length + shard.documents.length < this.shardRows) {
      const purchaseKey = await this.purchases.peekKey();
      const documentKey = await this.documents.peekKey();
      if (purchaseKey === undefined && documentKey === undefined) break;
      const key =
        purchaseKey === undefined
          ? documentKey!
          : documentKey === undefined || purchaseKey < documentKey
            ? purchaseKey
            : documentKey;
      await this.purchases.take(key, shard.purchases);
      await this.documents.take(key, shard.documents);
    }
    this.purchases.prefetch();
    this.documents.prefetch();
    return shard.purchases.length + shard.documents.length > 0 ? shard : undefined;
  }

  /** Rows read so far on each side: once every shard is taken, the rows each side holds. */
  get rowsRead(): { purchases: number; documents: number } {
    return { purchases: this.purchases.rowsRead, documents: this.documents.rowsRead };
  }
}
