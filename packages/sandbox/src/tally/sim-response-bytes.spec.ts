import { ResponseBytes } from './sim-response-bytes';

describe('ResponseBytes', () => {
  const pieces = ['<A>', 'é₹ text', 'x'.repeat(40), '<B>ü</B>', 'y'.repeat(300)];

  it.each(['utf8', 'utf16le'] as const)('gathers text and bytes in order across chunks (%s)', (encoding) => {
    const out = new ResponseBytes(encoding, 16);
    const sent: Buffer[] = [];
    for (const [at, piece] of pieces.entries()) {
      if (at % 2 === 0) out.text(piece);
      else out.bytes(Buffer.from(piece, encoding));
      if (out.full) sent.push(...out.take());
    }
    sent.push(...out.take());
    expect(Buffer.concat(sent).equals(Buffer.from(pieces.join(''), encoding))).toBe(true);
    expect(sent.length).toBeGreaterThan(1);
  });

  it('is full only once a chunk is gathered, and empty after take', () => {
    const out = new ResponseBytes('utf8', 8);
    out.text('1234567');
    expect(out.full).toBe(false);
    out.text('8');
    expect(out.full).toBe(true);
    expect(Buffer.concat(out.take()).toString()).toBe('12345678');
    expect(out.full).toBe(false);
    expect(out.take()).toEqual([]);
  });
});
