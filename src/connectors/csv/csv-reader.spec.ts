import { Readable } from 'node:stream';
import {
  CsvEncodingError,
  CsvTooLargeError,
  columnLetter,
  isCsvRefusal,
  isCsvSyntaxError,
  readCsvBuffer,
  readCsvFile,
  readCsvStream,
} from './csv-reader';

const OPTIONS = { encoding: 'utf-8', delimiter: ',', headerRow: 1 } as const;

describe('readCsvBuffer', () => {
  it('numbers rows like a spreadsheet, skips blank rows and pads short ones', async () => {
    const text = 'No,Item,Qty\r\nA,"Bolt, ""hex""\nM12",10\r\n\r\nB,Nut\r\n';
    const table = await readCsvBuffer(Buffer.from(text), OPTIONS);
    expect(table.header).toEqual(['No', 'Item', 'Qty']);
    expect(table.rows).toEqual([
      { rowNumber: 2, values: ['A', 'Bolt, "hex"\nM12', '10'] },
      { rowNumber: 4, values: ['B', 'Nut', ''] },
    ]);
  });

  it('drops a UTF-8 BOM and reads UTF-16LE (BOM sniffed) and latin1', async () => {
    const utf8 = await readCsvBuffer(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('No\r\nA\r\n')]),
      OPTIONS,
    );
    expect(utf8.header).toEqual(['No']);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('No,Name\r\nA,Café ₹\r\n', 'utf16le'),
    ]);
    expect((await readCsvBuffer(utf16, OPTIONS)).rows[0].values).toEqual(['A', 'Café ₹']);
    const latin1 = Buffer.from('No,Name\r\nA,Café\r\n', 'latin1');
    expect((await readCsvBuffer(latin1, { ...OPTIONS, encoding: 'latin1' })).rows[0].values).toEqual([
      'A',
      'Café',
    ]);
  });

  it('skips title rows above the header and names columns by letter without one', async () => {
    const titled = await readCsvBuffer(Buffer.from('Sales register\n\nNo;Qty\nA;1\n'), {
      ...OPTIONS,
      delimiter: ';',
      headerRow: 3,
    });
    expect(titled).toEqual({ header: ['No', 'Qty'], rows: [{ rowNumber: 4, values: ['A', '1'] }] });
    const bare = await readCsvBuffer(Buffer.from('A,1\n'), { ...OPTIONS, headerRow: 0 });
    expect(bare.header).toEqual(['A', 'B']);
    expect(columnLetter(27)).toBe('AB');
  });

  it('throws csv-parse errors for malformed CSV, each recognised as a syntax error', async () => {
    for (const text of ['No,Item\nA,"unclosed\n', 'No,Item\nA,ab"c\n', 'No,Item\nA,"x"y\n']) {
      const error: unknown = await readCsvBuffer(Buffer.from(text), OPTIONS).catch((thrown) => thrown);
      expect(isCsvSyntaxError(error)).toBe(true);
    }
  });

  it('rejects with the read error, not a syntax error, for a file that cannot be read', async () => {
    const error: unknown = await readCsvFile('/nonexistent/csv-reader-spec.csv', OPTIONS).catch(
      (thrown) => thrown,
    );
    expect(error).toMatchObject({ code: 'ENOENT' });
    expect(isCsvSyntaxError(error)).toBe(false);
  });

  it('keeps a multi-byte character split across chunks, and refuses bytes that are not UTF-8', async () => {
    const bytes = Buffer.from('No,Item\nA,Café ₹\n');
    const split = bytes.indexOf(0xe2) + 1; // inside the rupee sign
    const table = await readCsvStream(
      Readable.from([bytes.subarray(0, split), bytes.subarray(split)]),
      OPTIONS,
    );
    expect(table.rows[0].values).toEqual(['A', 'Café ₹']);

    const latin1 = Buffer.from('No,Item\nA,Caf\xe9\n', 'latin1');
    const error: unknown = await readCsvBuffer(latin1, OPTIONS).catch((thrown) => thrown);
    expect(error).toBeInstanceOf(CsvEncodingError);
    expect(isCsvRefusal(error)).toBe(true);
  });

  it('names the exact byte offset of a Windows-1252 byte and the encoding it suggests (issue 29)', async () => {
    // Byte 20 is 0xE9 ("é" in Windows-1252), after 20 bytes of plain ASCII.
    const windows1252 = Buffer.from('No,Item\nA,Cafe\nB,Caf\xe9 Noir\n', 'latin1');
    expect(windows1252[20]).toBe(0xe9);
    const error = (await readCsvBuffer(windows1252, OPTIONS).catch((thrown) => thrown)) as Error;
    expect(error).toBeInstanceOf(CsvEncodingError);
    expect(error.message).toContain('at byte offset 20 (0xE9, "é" in Windows-1252)');
    expect(error.message).toContain('Windows-1252');
    // The offset is exact in a later chunk of a stream too.
    const chunks = [Buffer.from('No,Item\nA,Cafe\n'), Buffer.from('B,\x96 dash\n', 'latin1')];
    const streamed = (await readCsvStream(Readable.from(chunks), OPTIONS).catch((thrown) => thrown)) as Error;
    expect(streamed.message).toContain('at byte offset 17 (0x96, "–" in Windows-1252)');
  });

  it('refuses UTF-16 without a byte-order mark and UTF-16 big-endian as encodings', async () => {
    const noBom = await readCsvBuffer(Buffer.from('No\nA\n', 'utf16le'), OPTIONS).catch((e: Error) => e);
    expect(noBom).toBeInstanceOf(CsvEncodingError);
    expect((noBom as Error).message).toMatch(/NUL characters/);
    const bigEndian = await readCsvBuffer(Buffer.from([0xfe, 0xff, 0x00, 0x4e, 0x00, 0x0a]), OPTIONS).catch(
      (e: Error) => e,
    );
    expect((bigEndian as Error).message).toMatch(/big-endian/);
  });

  it('stops reading past maxRows', async () => {
    const text = `No\n${Array.from({ length: 100 }, (_, i) => `A${i}`).join('\n')}\n`;
    const error: unknown = await readCsvBuffer(Buffer.from(text), { ...OPTIONS, maxRows: 10 }).catch(
      (thrown) => thrown,
    );
    expect(error).toBeInstanceOf(CsvTooLargeError);
    // Exactly maxRows data rows under a header are taken (issue 30: 50,000 rows were refused at 50,000).
    expect((await readCsvBuffer(Buffer.from(text), { ...OPTIONS, maxRows: 100 })).rows).toHaveLength(100);
    const over = `${text}A100\n`;
    const refused: unknown = await readCsvBuffer(Buffer.from(over), { ...OPTIONS, maxRows: 100 }).catch(
      (thrown) => thrown,
    );
    expect(refused).toBeInstanceOf(CsvTooLargeError);
    expect((refused as Error).message).toBe('more than 100 rows');
  });
});
