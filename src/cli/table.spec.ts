import { cellText, formatFields, formatTable, truncate } from './table';

describe('formatTable', () => {
  const columns = [
    { header: 'NAME', value: (r: { name: string; count: number | null }) => r.name },
    {
      header: 'COUNT',
      value: (r: { name: string; count: number | null }) => r.count,
      align: 'right' as const,
    },
  ];

  it('pads every column to its widest cell and draws a rule under the header', () => {
    const text = formatTable(columns, [
      { name: 'hook', count: 3 },
      { name: 'tally-main', count: 120 },
    ]);
    expect(text.split('\n')).toEqual([
      'NAME        COUNT',
      '----------  -----',
      'hook            3',
      'tally-main    120',
      '',
    ]);
  });

  it('prints empty values as "-" and keeps an empty table to header and rule', () => {
    expect(formatTable(columns, [{ name: 'x', count: null }])).toContain('x         -');
    expect(formatTable(columns, [])).toBe('NAME  COUNT\n----  -----\n');
  });

  it('cuts cells longer than the column maximum with an ellipsis and folds newlines', () => {
    const text = formatTable(
      [{ header: 'MSG', value: (r: string) => r, maxWidth: 8 }],
      ['line one\nline two'],
    );
    expect(text.split('\n')[2]).toBe('line on…');
  });
});

describe('cell helpers', () => {
  it('cellText shows null, undefined and "" as "-" and keeps false and 0', () => {
    expect([null, undefined, '', false, 0].map(cellText)).toEqual(['-', '-', '-', 'false', '0']);
  });

  it('truncate leaves short text alone', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('ab…');
  });

  it('formatFields aligns keys and skips empty values', () => {
    expect(
      formatFields(
        [
          ['Number', 'WH/1'],
          ['Buyer', null],
          ['Date', '2024-07-15'],
        ],
        '  ',
      ),
    ).toBe('  Number: WH/1\n  Date:   2024-07-15\n');
  });
});
