import { columnLetter, isCsvSyntaxError, readCsvBuffer, readCsvFile } from './csv-reader';

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
});
