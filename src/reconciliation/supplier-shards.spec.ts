import { SupplierShards, type ShardRow } from './supplier-shards';

interface Row extends ShardRow {
  id: string;
}

/** A side's rows in key order, served `rows` at a time as a cursor would; counts the fetches. */
function side(
  keys: readonly string[],
  prefix: string,
): { fetch: (rows: number) => Promise<Row[]>; fetches: number[] } {
  const rows = [...keys].sort().map((shardKey, i) => ({ shardKey, id: `${prefix}${i}` }));
  let at = 0;
  const fetches: number[] = [];
  return {
    fetches,
    fetch: (n) => {
      fetches.push(n);
      const chunk = rows.slice(at, at + n);
      at += chunk.length;
      return Promise.resolve(chunk);
    },
  };
}

async function allShards(shards: SupplierShards<Row, Row>) {
  const taken = [];
  for (let shard = await shards.next(); shard; shard = await shards.next()) taken.push(shard);
  return taken;
}

describe('SupplierShards', () => {
  const purchaseKeys = ['a', 'a', 'a', 'b', 'c', 'c', 'e', 'f', 'f', 'f', 'f', 'f'];
  const documentKeys = ['a', 'b', 'b', 'd', 'd', 'e', 'f', 'g'];

  it('takes every row once, never splitting a key between shards', async () => {
    for (const shardRows of [1, 2, 3, 5, 8, 100]) {
      const purchases = side(purchaseKeys, 'p');
      const documents = side(documentKeys, 'd');
      const shards = new SupplierShards(purchases.fetch, documents.fetch, shardRows);
      const taken = await allShards(shards);
      const keysOf = (shard: { purchases: Row[]; documents: Row[] }) =>
        new Set([...shard.purchases, ...shard.documents].map((r) => r.shardKey));
      // Each key in exactly one shard, with every row of it on both sides.
      const seen = new Map<string, number>();
      taken.forEach((shard) => keysOf(shard).forEach((key) => seen.set(key, (seen.get(key) ?? 0) + 1)));
      expect([...seen.values()].every((count) => count === 1)).toBe(true);
      expect(taken.flatMap((s) => s.purchases.map((r) => r.shardKey))).toEqual([...purchaseKeys].sort());
      expect(taken.flatMap((s) => s.documents.map((r) => r.shardKey))).toEqual([...documentKeys].sort());
      expect(shards.rowsRead).toEqual({ purchases: purchaseKeys.length, documents: documentKeys.length });
    }
  });

  it('closes a shard at the first whole key past its size; a key larger than a shard is one shard', async () => {
    const shards = new SupplierShards(side(purchaseKeys, 'p').fetch, side(documentKeys, 'd').fetch, 3);
    const taken = await allShards(shards);
    expect(
      taken.map((s) => [...new Set([...s.purchases, ...s.documents].map((r) => r.shardKey))].sort()),
    ).toEqual([['a'], ['b'], ['c', 'd'], ['e', 'f'], ['g']]);
  });

  it('gives one shard when the period is smaller than a shard, and none when it is empty', async () => {
    expect(
      await allShards(new SupplierShards(side(purchaseKeys, 'p').fetch, side(documentKeys, 'd').fetch, 1000)),
    ).toHaveLength(1);
    expect(await allShards(new SupplierShards(side([], 'p').fetch, side([], 'd').fetch, 10))).toEqual([]);
  });

  it('reads the next chunk while a shard is being matched, never more than two chunks ahead', async () => {
    const keys = Array.from({ length: 100 }, (_, i) => `k${String(i).padStart(3, '0')}`);
    const purchases = side(keys, 'p');
    const shards = new SupplierShards(purchases.fetch, side(keys, 'd').fetch, 10);
    await shards.next();
    // The first shard (5 keys: 10 rows of both sides) is taken from the first chunk of 10 purchases; the
    // second chunk is already asked for.
    expect(purchases.fetches).toEqual([10, 10]);
    await shards.next();
    expect(purchases.fetches).toHaveLength(2);
  });
});
