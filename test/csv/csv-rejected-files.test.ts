/**
 * Files the CSV connector cannot take at all are set aside in the rejected folder with the reason (and
 * "encoding" when it is one), listed for the operator; the files behind them are pulled as usual. A file
 * far larger than one batch is refused after `maxFileRows` rows, in bounded memory and time.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInstance, pullAll, SAMPLE_INBOX_FILE, type TestInstance } from './csv-test-kit';

async function sampleHeader(): Promise<string> {
  return (await readFile(SAMPLE_INBOX_FILE, 'utf8')).split('\n')[0].trim();
}

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1];
    be[i + 1] = le[i];
  }
  return Buffer.concat([Buffer.from([0xfe, 0xff]), be]);
}

/** `rows` data rows of the sample's width, only the invoice number filled (a few dozen bytes each). */
async function writeHugeFile(path: string, rows: number): Promise<void> {
  const header = await sampleHeader();
  const empties = ','.repeat(header.split(',').length - 2);
  const out = createWriteStream(path);
  out.write(`${header}\n`);
  const chunk: string[] = [];
  for (let i = 1; i <= rows; i++) {
    chunk.push(`Tax Invoice,BIG/${i}${empties}\n`);
    if (chunk.length === 10_000) {
      if (!out.write(chunk.join(''))) await new Promise<void>((r) => out.once('drain', () => r()));
      chunk.length = 0;
    }
  }
  out.end(chunk.join(''));
  await new Promise<void>((resolve, reject) => out.once('finish', () => resolve()).once('error', reject));
}

describe('CSV connector: rejected files', () => {
  let instance: TestInstance;
  afterEach(() => instance.cleanup());

  it('sets aside refused files with their reason, lists them, and pulls the good file behind them', async () => {
    instance = await createInstance();
    const { connector } = instance;
    const inbox = connector.directories.inbox;
    const header = await sampleHeader();
    await writeFile(
      join(inbox, 'a-binary.csv'),
      Buffer.concat([Buffer.from([0xc3, 0x28, 0xff]), randomBytes(512)]),
    );
    await writeFile(
      join(inbox, 'b-utf16-no-bom.csv'),
      Buffer.from(`${header}\nTax Invoice,X/1\n`, 'utf16le'),
    );
    await writeFile(join(inbox, 'c-utf16be.csv'), utf16be(`${header}\nTax Invoice,X/1\n`));
    await writeFile(join(inbox, 'd-quotes.csv'), `${header}\nTax Invoice,"X/1,02-11-2026\nTax Invoice,X/2\n`);
    await writeFile(join(inbox, 'e-header-only.csv'), `${header}\n`);
    await writeFile(join(inbox, 'f-garbage.csv'), 'lorem ipsum dolor\nsit amet\n');
    await copyFile(SAMPLE_INBOX_FILE, join(inbox, 'z-good.csv'));

    const batches = await pullAll(connector);
    expect(batches.flatMap((batch) => batch.documents).length).toBeGreaterThan(0);
    expect(new Set(batches.flatMap((b) => b.documents).map((d) => d.sourceRef?.split(' ')[0]))).toEqual(
      new Set(['z-good.csv']),
    );
    // Refused files leave the cursor alone: dropped again after a fix, they are read again.
    expect(batches[batches.length - 1].cursor).toEqual({ processedHashes: [expect.any(String)] });

    expect(await readdir(inbox)).toEqual([]);
    expect(await readdir(connector.directories.processed)).toEqual(['z-good.csv']);
    const listing = await connector.listFiles();
    expect(listing.inbox).toEqual([]);
    const byFile = new Map(listing.rejected.map((file) => [file.file, file]));
    expect([...byFile.keys()].sort()).toEqual([
      'a-binary.csv',
      'b-utf16-no-bom.csv',
      'c-utf16be.csv',
      'd-quotes.csv',
      'e-header-only.csv',
      'f-garbage.csv',
    ]);
    expect(byFile.get('a-binary.csv')).toMatchObject({
      kind: 'encoding',
      reason: expect.stringMatching(/not valid utf-8 text at byte offset 0/i),
    });
    expect(byFile.get('b-utf16-no-bom.csv')).toMatchObject({
      kind: 'encoding',
      reason: expect.stringMatching(/NUL.*UTF-16/),
    });
    expect(byFile.get('c-utf16be.csv')).toMatchObject({
      kind: 'encoding',
      reason: expect.stringMatching(/big-endian/),
    });
    expect(byFile.get('d-quotes.csv')).toMatchObject({
      kind: 'syntax',
      reason: expect.stringMatching(/not readable as CSV/),
    });
    expect(byFile.get('e-header-only.csv')).toMatchObject({
      kind: 'no-data',
      reason: 'e-header-only.csv: a header and no data rows',
    });
    expect(byFile.get('f-garbage.csv')).toMatchObject({ kind: 'unusable' });
    for (const file of listing.rejected) {
      expect(file).toMatchObject({
        originalName: file.file,
        contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(await readdir(connector.directories.rejected)).toContain(file.file);
    }
  });

  it('refuses a 1,000,000-row file after maxFileRows rows, in bounded memory and time, and pulls the next file', async () => {
    // The row limit, not the byte limit, is what stops this one (~53 MB).
    instance = await createInstance({ maxFileBytes: 512 * 1024 * 1024 });
    const { connector } = instance;
    const inbox = connector.directories.inbox;
    await writeHugeFile(join(inbox, 'a-huge.csv'), 1_000_000);
    await copyFile(SAMPLE_INBOX_FILE, join(inbox, 'b-next.csv'));

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    const started = Date.now();
    const batches = await pullAll(connector).finally(() => clearInterval(sampler));
    const elapsed = Date.now() - started;

    expect(batches.flatMap((b) => b.documents).every((d) => d.sourceRef?.startsWith('b-next.csv'))).toBe(
      true,
    );
    expect(batches.flatMap((b) => b.documents).length).toBeGreaterThan(0);
    const [huge] = (await connector.listFiles()).rejected;
    expect(huge).toMatchObject({
      file: 'a-huge.csv',
      kind: 'too-large',
      reason: expect.stringContaining('more than 50000 rows'),
    });
    expect(await readdir(connector.directories.processed)).toEqual(['b-next.csv']);
    // Reading stopped at 50,000 of the 1,000,000 rows: seconds, and well under a gigabyte.
    expect(elapsed).toBeLessThan(15_000);
    expect(peakRss - rssBefore).toBeLessThan(400 * 1024 * 1024);
  }, 60_000);

  it('refuses a file larger than maxFileBytes without reading it', async () => {
    instance = await createInstance({ maxFileBytes: 1024 });
    const { connector } = instance;
    await copyFile(SAMPLE_INBOX_FILE, join(connector.directories.inbox, 'sales.csv'));
    const batches = await pullAll(connector);
    expect(batches.flatMap((b) => b.documents)).toEqual([]);
    expect((await connector.listFiles()).rejected).toEqual([
      expect.objectContaining({
        file: 'sales.csv',
        kind: 'too-large',
        reason: expect.stringMatching(/maxFileBytes/),
      }),
    ]);
  });
});
