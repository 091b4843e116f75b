import { csvCursorOf, MAX_PROCESSED_HASHES } from './csv-cursor';

describe('csvCursorOf', () => {
  it('keeps every hash while under the limit, in order', () => {
    expect(csvCursorOf(new Set(['a', 'b', 'c']))).toEqual({ processedHashes: ['a', 'b', 'c'] });
  });

  it('keeps only the newest hashes once past the limit', () => {
    const hashes = Array.from({ length: MAX_PROCESSED_HASHES + 5 }, (_, i) => `h${i}`);
    const cursor = csvCursorOf(new Set(hashes));
    expect(cursor.processedHashes).toHaveLength(MAX_PROCESSED_HASHES);
    expect(cursor.processedHashes[0]).toBe('h5');
    expect(cursor.processedHashes.at(-1)).toBe(`h${MAX_PROCESSED_HASHES + 4}`);
  });
});
