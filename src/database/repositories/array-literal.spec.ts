import { arrayLiteral } from './array-literal';

describe('arrayLiteral', () => {
  it('quotes text, leaves numbers and booleans bare, and writes NULL for null and undefined', () => {
    expect(arrayLiteral(['INV/1', 12.5, true, null, undefined, ''])).toBe('{"INV/1",12.5,true,NULL,NULL,""}');
  });

  it('escapes quotes and backslashes, and quotes the word NULL and braces and commas', () => {
    expect(arrayLiteral(['say "hi"', 'C:\\tally', 'NULL', '{a,b}'])).toBe(
      '{"say \\"hi\\"","C:\\\\tally","NULL","{a,b}"}',
    );
  });

  it('gives the empty array for no values', () => {
    expect(arrayLiteral([])).toBe('{}');
  });
});
